// Scopes passed in spellings the analyzer did not read, so the call was not followed and
// what it needs went unreported (found by the session-27 hunt): a scope unwrapped from an
// optional that holds it (`o!`) is that scope; a scope stored in a value of a type of this
// file (`context.scope`) cannot be followed and says so, as `self.scope` does.
struct Clock { init() {} }

func stamp(_ scope: ImplicitScope) { @Implicit var clock: Clock } // expected-note@:52 {{'Clock' is read here}}

func unwrapped() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  let held: ImplicitScope? = scope
  stamp(held!) // expected-note@:3 {{'Clock' is required by the call to 'stamp(_:)' here}}
}

struct Context {
  let scope: ImplicitScope
}

func stored() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  let context = Context(scope: scope)
  stamp(context.scope) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'context.scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
}
