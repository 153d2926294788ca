// `deinit` takes no scope and runs wherever the last reference to the instance goes: a
// read there is `implicit-without-scope-parameter`, and a scope it makes is an entry point
// like any other. Its body was not read at all, so neither was reported (found by the
// session-27 hunt).
struct Clock { init() {} }
struct Store { init() {} }

func stamp(_ scope: ImplicitScope) { @Implicit var clock: Clock } // expected-note@:52 {{'Clock' is read here}}

final class Session {
  deinit {
    @Implicit var store: Store // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Store' used in 'Session.deinit', which has no ImplicitScope parameter}}
  }
}

final class Upload {
  deinit {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
    defer { scope.end() }
    stamp(scope) // expected-note@:5 {{'Clock' is required by the call to 'stamp(_:)' here}}
  }
}

final class Probe {
  deinit {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var clock = Clock()
    stamp(scope)
  }
}
