// Closures that take a scope are called by name: one closure per name in a function.
import Implicits

struct Cart {}

func checkout(_ scope: ImplicitScope) {
  @Implicit var cart: Cart
}

func runSteps(_ scope: ImplicitScope, _ step: (ImplicitScope) -> Void) { // expected-note@:39 {{'step' is first bound here}}
  let step = { (scope: ImplicitScope) in checkout(scope) } // expected-error@:7 [scope-closure-name-duplicate] {{another closure taking a scope is already named 'step' in this function}}
  _ = step
}

func shadowed(_ scope: ImplicitScope, retry: Bool) {
  let attempt: (ImplicitScope) -> Void = { (scope: ImplicitScope) in checkout(scope) } // expected-note@:7 {{'attempt' is first bound here}}
  if retry {
    let attempt = { (scope: ImplicitScope) in checkout(scope) } // expected-error@:9 [scope-closure-name-duplicate] {{already named 'attempt'}}
    _ = attempt
  }
  _ = attempt
}

// Distinct names, other functions, and closures that take no scope are fine.
func distinct(_ scope: ImplicitScope, _ step: (ImplicitScope) -> Void) {
  let pay = { (scope: ImplicitScope) in checkout(scope) }
  let step2 = { (count: Int) in count + 1 }
  _ = (pay, step2)
}

func another(_ scope: ImplicitScope) {
  let pay = { (scope: ImplicitScope) in checkout(scope) }
  let label = { "pay" }
  let label2 = label
  _ = (pay, label2)
}
