// The scope parameter: '_ scope: ImplicitScope' or '_: ImplicitScope', once, and not on
// local functions.
import Implicits

struct Inventory {}
struct Pricing {}

// Accepted spellings.
func restock(_ scope: ImplicitScope) {
  @Implicit var inventory: Inventory
}

func audit(_: ImplicitScope) {}

func price(of item: String, quantity: Int, _ scope: ImplicitScope) -> Int {
  @Implicit var pricing: Pricing
  return quantity
}

protocol Restocking {
  func restock(_ scope: ImplicitScope) // expected-error@:8 [dynamic-dispatch] {{protocol requirement 'restock(_:)' takes an ImplicitScope}}
}

final class Warehouse {
  init(_ scope: ImplicitScope) {}

  // Methods of a type declared inside a function are not local functions.
  func report() {
    struct Row {
      func render(_ scope: ImplicitScope) {}
    }
    _ = Row()
  }
}

// Mistakes.
func labelled(in scope: ImplicitScope) {} // expected-error@:15 [scope-parameter-name] {{write the scope parameter as '_ scope: ImplicitScope' (or '_: ImplicitScope'), not 'in scope:'}}

func renamed(_ context: ImplicitScope) {} // expected-error@:14 [scope-parameter-name] {{not '_ context:'}}

func named(scope: ImplicitScope) {} // expected-error@:12 [scope-parameter-name] {{not 'scope:'}}

func twoScopes(_ scope: ImplicitScope, _: ImplicitScope) {} // expected-error@:40 [scope-parameter-duplicate] {{'twoScopes' takes more than one ImplicitScope}} expected-note@:16 {{the first scope parameter is here}}

func refill(_ scope: ImplicitScope) {
  func topUp(_ scope: ImplicitScope) { // expected-error@:14 [scope-parameter-in-local-function] {{local function 'topUp' takes an ImplicitScope}}
    @Implicit var inventory: Inventory
  }
  topUp(scope)
  let handler = {
    func later(_ scope: ImplicitScope) {} // expected-error@:16 [scope-parameter-in-local-function] {{local function 'later' takes an ImplicitScope}}
  }
  handler()
}

// Subscripts and operators have no argument labels: their single name is the parameter's.
struct Catalog {
  subscript(scope: ImplicitScope) -> Int { 0 }
  subscript(_ scope: ImplicitScope, id: Int) -> Int { id }
  subscript(context: ImplicitScope) -> String { "" } // expected-error@:13 [scope-parameter-name] {{not 'context:'}}
}
