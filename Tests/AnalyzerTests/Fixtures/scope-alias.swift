// A scope reaches its callee through a local alias.
struct APIClient { init() {} }
struct Logger { init() {} }

func fetchProfile(_ scope: ImplicitScope) {
  @Implicit var client: APIClient // expected-note@:17 {{'APIClient' is read here}} // expected-note@:17 {{'APIClient' is read here}}
}

final class ProfileViewModel {
  init() {}
  func reload(_ scope: ImplicitScope) {
    let current = scope
    fetchProfile(current)
  }
}

func openProfile() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  let s = scope
  fetchProfile(s) // expected-note@:3 {{'APIClient' is required by the call to 'fetchProfile(_:)'}}
}

func openProfileWithClient() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var client = APIClient()
  let s = scope
  fetchProfile(s)
  ProfileViewModel().reload(s)
}

func reloadAll(_ scope: ImplicitScope) {
  let parent = scope
  let inner = parent.nested()
  defer { inner.end() }
  @Implicit var logger = Logger()
  fetchProfile(inner) // expected-note@:3 {{'APIClient' is required by the call to 'fetchProfile(_:)' here}}
}

func appStart() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  var current: ImplicitScope = scope
  reloadAll(current) // expected-note@:3 {{'APIClient' is required by the call to 'reloadAll(_:)'}}
  current = scope
}
