struct Service {}

func run(_ scope: ImplicitScope) {
  @Implicit var service: Service
}

let scope = ImplicitScope()
@Implicit var service = Service()
run(scope)
scope.end() // expected-error@:1 [scope-end-not-deferred] {{end scope 'scope' in 'defer { scope.end() }'}}
@Implicit var late: Service // expected-error@:15 [implicit-outside-scope] {{implicit 'Service' used outside any scope}}
// A top-level `let` is a global: other files may call it at any time.
let onLaunch = {
  @Implicit var launched: Service // expected-error@:17 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Service'}}
}
