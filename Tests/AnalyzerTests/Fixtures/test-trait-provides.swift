import Implicits
import ImplicitsTesting
import Testing

protocol API {}
struct MockAPI: API {}
struct Cart {}

extension ImplicitsKeys {
  static let locale = Key<String>()
}

final class CheckoutModel {
  @Implicit var api: any API
  init(_ scope: ImplicitScope) {}
}

func total(_ scope: ImplicitScope) -> Int {
  @Implicit var cart: Cart // expected-note@:17 {{'Cart' is read here}}
  @Implicit(\.locale) var locale: String
  return 0
}

@Suite(.implicits { @Implicit var api: any API = MockAPI() })
struct CheckoutTests {
  @Test func readsTheSuiteValue() {
    @Implicit var api: any API
  }

  @Test(.implicits {
    @Implicit var cart = Cart()
    @Implicit(\.locale) var locale = "fr"
  })
  func openingAScopeKeepsTheTraitValues() {
    let scope = ImplicitScope()
    defer { scope.end() }
    _ = CheckoutModel(scope)
    _ = total(scope)
  }

  @Test func declaresInTheTraitScope() {
    @Implicit var cart = Cart()
    withScope { scope in
      @Implicit(\.locale) var locale = "de"
      _ = total(scope)
    }
  }

  /// A helper of the suite is not a test: the trait's scope is not around it, so it
  /// passes what it needs to its callers.
  func checkout(_ scope: ImplicitScope) -> Int {
    @Implicit var api: any API
    return total(scope)
  }

  @Test(.implicits { @Implicit var cart = Cart() })
  func callsAHelper() {
    withScope { scope in
      @Implicit(\.locale) var locale = "it"
      _ = checkout(scope)
    }
  }

  @Test func missesAKey() { // expected-error@:14 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
    withScope { scope in
      @Implicit(\.locale) var locale = "de"
      _ = total(scope) // expected-note@:11 {{'Cart' is required by the call to 'total(_:)' here}}
    }
  }
}

@Test(.implicits { @Implicit var cart = Cart() })
func aFreeTestFunction() {
  @Implicit var cart: Cart
}

@Test func withoutATrait() {
  @Implicit var cart: Cart // expected-error@:17 [implicit-without-scope-parameter] {{implicit 'Cart' used in 'withoutATrait()', which has no ImplicitScope parameter}}
}
