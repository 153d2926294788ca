// A call through a closure value (`handler`) needs what the escaping closures of its shape
// need (none here); a function declared nowhere cannot be resolved.
func work(_ scope: ImplicitScope, handler: @escaping (ImplicitScope) -> Void) {
  handler(scope)
  missing(scope, 1) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'missing(_:_:)'}}
}
