// Extensions of generic types constrained by `where` (or written `extension [Int]`) are
// reached only by receivers whose type arguments satisfy them.
import Implicits

struct Formatter { init() {} }
struct Ledger { init() {} }
struct Currency { init() {} }

extension Array where Element == Int {
  func total(_ scope: ImplicitScope) -> Int {
    @Implicit var formatter: Formatter
    return 0
  }
}

extension [String] {
  func total(_ scope: ImplicitScope) -> Int {
    @Implicit var ledger: Ledger // expected-note@:19 {{'Ledger' is read here}}
    return 0
  }
}

extension Array {
  func summary(_ scope: ImplicitScope) -> String {
    @Implicit var formatter: Formatter
    return ""
  }
}

extension Optional where Wrapped == Int {
  func describe(_ scope: ImplicitScope) -> String {
    @Implicit var formatter: Formatter
    return ""
  }
}

extension Dictionary where Key == String, Value == Int {
  func report(_ scope: ImplicitScope) {
    @Implicit var ledger: Ledger // expected-note@:19 {{'Ledger' is read here}}
  }
}

struct Box<Content> {
  var content: Content
}

extension Box where Content == Int {
  func price(_ scope: ImplicitScope) -> Int {
    @Implicit var currency: Currency
    return content
  }
}

extension Box where Content == String {
  func price(_ scope: ImplicitScope) -> Int {
    @Implicit var ledger: Ledger // expected-note@:19 {{'Ledger' is read here}}
    return 0
  }
}

struct Basket {
  let quantities: [Int]
  let box: Box<Int>

  func checkout(_ scope: ImplicitScope) -> Int {
    quantities.total(scope) + box.price(scope)
  }
}

func sums() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var formatter = Formatter()
  @Implicit var currency = Currency()
  let numbers: [Int] = [1, 2]
  _ = numbers.total(scope)
  let more: Array<Int> = [3]
  _ = more.total(scope)
  _ = more.summary(scope)
  let maybe: Int? = 3
  _ = maybe.describe(scope)
  let other: Optional<Int> = nil
  _ = other.describe(scope)
  let box = Box(content: 2)
  let typed: Box<Int> = box
  _ = typed.price(scope)
  let basket = Basket(quantities: [1], box: typed)
  _ = basket.checkout(scope)
}

func reports() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Ledger' at this entry point}}
  defer { scope.end() }
  @Implicit var formatter = Formatter()
  let counts: [String: Int] = [:]
  counts.report(scope) // expected-note@:3 {{'Ledger' is required by the call to 'report(_:)' here}}
  let names: [String] = ["a"]
  _ = names.total(scope) // expected-note@:7 {{'Ledger' is required by the call to 'total(_:)' here}}
  _ = names.summary(scope)
  let labels: Box<String> = Box(content: "a")
  _ = labels.price(scope) // expected-note@:7 {{'Ledger' is required by the call to 'price(_:)' here}}
}
