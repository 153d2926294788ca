// An operator that takes the scope as an operand is a call to an implicit function.
struct Money { var cents: Int }
struct ExchangeRates { init() {} }

infix operator ~>: AdditionPrecedence

func ~> (amount: Money, scope: ImplicitScope) -> Money {
  @Implicit var rates: ExchangeRates // expected-note@:17 {{'ExchangeRates' is read here}}
  return amount
}

func totalInEuros(_ scope: ImplicitScope) -> Money {
  Money(cents: 100) ~> scope
}

// Operators between closure parameters of unknown type are not calls with a scope.
func cheapestFirst(_ prices: [Money]) -> [Money] {
  let sorted = prices.sorted { lhs, rhs in lhs.cents < rhs.cents }
  return sorted.filter { price in price.cents + 1 > 0 }
}

func checkout() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'ExchangeRates' at this entry point}}
  defer { scope.end() }
  let total = Money(cents: 250) ~> scope // expected-note@:33 {{'ExchangeRates' is required by the call to '~>(_:_:)'}}
  _ = total
}

func checkoutWithRates() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var rates = ExchangeRates()
  _ = totalInEuros(scope)
}
