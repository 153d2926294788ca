// Written in the session-31 hunt, as a personal-finance app is written; every answer was
// checked by hand against the runtime, and all held: kept so they stay held. `if case let`
// with a condition, `guard case`, `switch` with `where`, an `@autoclosure` evaluated in the
// callee, `inout`, a nested function used as a `map` argument, a local property wrapper, a
// `@dynamicMemberLookup` value, a subscript taking a scope, a custom operator given a
// closure, a local type, `#if os(…)` declaring in both branches, a `defer` that calls after
// the declarations below it. Planted: 'closeBooksEarly''s `defer` runs after the nested
// scope that declared 'Audit' ended, so 'Audit' is missing there.
import Implicits

struct Ledger { var entries: [Double] = []; func total() -> Double { entries.reduce(0, +) } }
final class Audit { func note(_ s: String) {} }
struct Currency { var code = "EUR" }
struct RateTable { func rate(_ from: String, _ to: String) -> Double { 1 } }
struct Formatter { func format(_ d: Double) -> String { "\(d)" } }

enum Payment {
  case card(last4: String)
  case transfer(iban: String, amount: Double)
  case cash
}

@propertyWrapper struct Clamped {
  private var value: Double
  let range: ClosedRange<Double>
  init(wrappedValue: Double, _ range: ClosedRange<Double>) { self.range = range; value = min(max(wrappedValue, range.lowerBound), range.upperBound) }
  var wrappedValue: Double { get { value } set { value = min(max(newValue, range.lowerBound), range.upperBound) } }
}

@dynamicMemberLookup struct Settings {
  var storage: [String: String] = [:]
  subscript(dynamicMember name: String) -> String { storage[name] ?? "" }
}

// if case let / guard case / switch where
func describe(_ payment: Payment, _ scope: ImplicitScope) -> String {
  @Implicit var formatter: Formatter
  if case let .transfer(_, amount) = payment, amount > 1000 {
    audit("large transfer", scope)
  }
  switch payment {
  case .card(let last4) where last4.hasPrefix("0"):
    return "test card"
  case .card(let last4):
    return "card \(last4)"
  case let .transfer(iban, amount) where amount > 0:
    return "\(iban) \(formatter.format(convert(amount, scope)))"
  case .transfer:
    return "refund"
  case .cash:
    return "cash"
  }
}

func cardOnly(_ payment: Payment, _ scope: ImplicitScope) -> String? {
  guard case .card(let last4) = payment else { return nil }
  audit("card \(last4)", scope)
  return last4
}

func audit(_ message: String, _ scope: ImplicitScope) {
  @Implicit var audit: Audit
  audit.note(message)
}

func convert(_ amount: Double, _ scope: ImplicitScope) -> Double {
  @Implicit var rates: RateTable
  @Implicit var currency: Currency
  return amount * rates.rate("USD", currency.code)
}

// @autoclosure: the message is evaluated inside `log`, in place.
func log(_ message: @autoclosure () -> String, _ scope: ImplicitScope) {
  @Implicit var audit: Audit // expected-note@:17 {{'Audit' is read here}}
  audit.note(message())
}

// inout, nested functions, a local property wrapper, a key path
func applyFees(_ ledger: inout Ledger, _ scope: ImplicitScope) {
  @Clamped(0...0.2) var feeRate = 0.5
  func fee(_ amount: Double) -> Double { convert(amount, scope) * feeRate }
  ledger.entries = ledger.entries.map(fee)
  log("fees applied to \(ledger.entries.count) entries, total \(convert(ledger.total(), scope))", scope)
}

// subscript taking a scope
struct Accounts {
  var balances: [String: Double]
  subscript(name: String, scope: ImplicitScope) -> Double {
    convert(balances[name] ?? 0, scope)
  }
}

// custom operator applying a scope-taking step
infix operator |>: AdditionPrecedence
func |> (lhs: Double, rhs: (Double) -> Double) -> Double { rhs(lhs) }

func netWorth(_ accounts: Accounts, _ scope: ImplicitScope) -> Double {
  let settings = Settings(storage: ["region": "eu"])
  let sum = accounts.balances.keys.map { accounts[$0, scope] }.reduce(0, +)
  let taxed = sum |> { convert($0 * 0.8, scope) }
  return settings.region == "eu" ? taxed : sum
}

// local type
func summary(_ payments: [Payment], _ scope: ImplicitScope) -> [String] {
  struct Row { let text: String }
  let rows = payments.compactMap { p -> Row? in
    if case .cash = p { return nil }
    return Row(text: describe(p, scope))
  }
  return rows.map(\.text)
}

func monthEnd() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var audit = Audit()
  @Implicit var rates = RateTable()
  @Implicit var formatter = Formatter()
  #if os(Linux)
  @Implicit var currency = Currency(code: "EUR")
  #else
  @Implicit var currency = Currency(code: "USD")
  #endif
  var ledger = Ledger(entries: [10, 20])
  applyFees(&ledger, scope)
  _ = summary([.card(last4: "1234"), .transfer(iban: "DE00", amount: 5000), .cash], scope)
  _ = cardOnly(.cash, scope)
  _ = netWorth(Accounts(balances: ["a": 1]), scope)
  log(describe(.cash, scope), scope)
}

// defer: runs at exit, after the declarations below it
func closeBooks() {
  let scope = ImplicitScope()
  defer { scope.end() }
  defer { log("closed", scope) }
  @Implicit var audit = Audit()
  audit.note("closing")
}

func entryNetWorth() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var rates = RateTable()
  @Implicit var currency = Currency()
  _ = netWorth(Accounts(balances: ["a": 1]), scope)
}

func entryFees() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var rates = RateTable()
  @Implicit var currency = Currency()
  @Implicit var audit = Audit()
  var ledger = Ledger()
  applyFees(&ledger, scope)
}

func closeBooksEarly() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Audit' at this entry point}}
  defer { scope.end() }
  defer { log("closed", scope) } // expected-note@:11 {{'Audit' is required by the call to 'log(_:_:)' here}}
  do {
    let inner = scope.nested()
    defer { inner.end() }
    @Implicit var audit = Audit()
    log("closing", inner)
  }
}
