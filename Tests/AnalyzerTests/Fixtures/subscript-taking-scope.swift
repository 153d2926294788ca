// A subscript that takes the scope is an implicit function like any other.
struct Product { init() {} }
struct Inventory { init() {} }

struct Catalog {
  init() {}
  subscript(id: Int, _ scope: ImplicitScope) -> Product {
    @Implicit var inventory: Inventory // expected-note@:19 {{'Inventory' is read here}}
    return Product()
  }
}

final class ProductViewModel {
  let catalog = Catalog()
  init() {}
  func load(_ scope: ImplicitScope) -> Product {
    catalog[42, scope]
  }
}

func productScreen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Inventory' at this entry point}}
  defer { scope.end() }
  let catalog = Catalog()
  _ = catalog[7, scope] // expected-note@:7 {{'Inventory' is required by the call to 'subscript(_:_:)'}}
}

func productScreenWithInventory() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var inventory = Inventory()
  _ = ProductViewModel().load(scope)
}
