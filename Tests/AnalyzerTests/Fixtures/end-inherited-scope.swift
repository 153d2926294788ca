func work(_ scope: ImplicitScope) {
  scope.end() // expected-error@:3 [end-inherited-scope] {{'scope.end()' ends the scope 'work(_:)' received from its caller}}
}

func deferred(_ scope: ImplicitScope) {
  defer { scope.end() } // expected-error@:11 [end-inherited-scope] {{ends the scope 'deferred(_:)' received from its caller}}
}

func fine(_ scope: ImplicitScope) {
  let local = scope.nested()
  local.end() // expected-error@:3 [scope-end-not-deferred] {{end scope 'local' in 'defer { local.end() }' right after its creation}}
}
