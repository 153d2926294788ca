// A scope kept in a property or obtained elsewhere carries implicits the analyzer never
// saw declared: passing it on is reported, not ignored.
struct Network { init() {} }

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

enum SessionStore {
  static var scope: ImplicitScope?
}

final class Coordinator {
  var current: ImplicitScope?
  let retries = 3

  init() {}

  func begin(_ scope: ImplicitScope) {
    current = scope
    fetch(scope)
  }

  func resume() {
    if let current {
      fetch(current) // expected-error@:13 [scope-not-followed] {{the analyzer cannot follow the scope in 'current'}}
    }
    fetch(self.current!) // expected-error@:11 [scope-not-followed] {{the analyzer cannot follow the scope in 'self.current'}}
    print(retries)
  }
}

func restoreSession() {
  let session: ImplicitScope = SessionStore.scope!
  fetch(session) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'session'}}
}
