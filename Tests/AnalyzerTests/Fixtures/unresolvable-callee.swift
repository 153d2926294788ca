func work(_ scope: ImplicitScope, handler: @escaping (ImplicitScope) -> Void) {
  handler(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'handler(_:)' called here}}
  missing(scope, 1) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'missing(_:_:)'}}
}
