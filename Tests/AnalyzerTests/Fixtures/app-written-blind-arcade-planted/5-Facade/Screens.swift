import BlindKit
import Implicits

public struct CartScreen: View {
  let model: CartModel
  let environment: ViewEnvironment

  public init(model: CartModel, environment: ViewEnvironment) {
    self.model = model; self.environment = environment
  }

  @ViewBuilder public var body: some View {
    Text(environment.title)
    if environment.compact {
      Text("\(model.items.count) items")
    } else {
      for item in model.items { Text("- \(item)") }
    }
    Stack { Text(model.checkoutLabel()) }
  }
}

public struct HeaderView: View {
  let lines: [String]
  public init(_ scope: ImplicitScope) {
    lines = [Format.banner("Blind shop", scope), "on \(platformTag(scope))"]
  }
  @ViewBuilder public var body: some View {
    for line in lines { Text(line) }
  }
}

/// The root: a header and a cart, made under the caller's scope.
public func makeShop(items: [String], _ scope: ImplicitScope) -> [String] {
  let environment = ViewEnvironment(title: Format.greeting(for: "shopper", scope),
                                    implicits: Implicits.captureAll())
  let model = ModelFactory.cart(items, with: environment.implicits) // expected-note@:15 {{'\.exchangeRate' of BlindKit is required by 'cart(_:with:)', which restores the bag passed here}}
  model.add("tea")
  let header = HeaderView(scope)
  return render(header) + render(CartScreen(model: model, environment: environment))
}

/// Preview-like factories: each renders a screen with made-up services of its own.
public enum Previews {
  public static func emptyCart() -> [String] {
    withScope(with: Implicits()) { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit '\.exchangeRate' of BlindKit in a scope restored from an empty bag ('Implicits()' holds no values and hides the values around it); declare it in this scope (e.g. '@Implicit(\.exchangeRate) var exchangeRate = …') before it is needed, or restore a bag captured with '#implicits'}} // P5: the preview declares no exchange rate; the runtime stops at checkoutLabel's conversion (Money.swift:22, 'ExchangeRateKey'). The notes through ViewEnvironment.implicits hold for any restore of that property: one bag for every value of the type
      @Implicit var journal = Journal(name: "preview")
      @Implicit var prices = PriceList(["tea": Money(cents: 250)])
      @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
      @Implicit(\.locale) var locale = "fr"
      let model = CartModel(items: [], scope) // expected-note@:19 {{'\.exchangeRate' of BlindKit is required by the call to 'CartModel.init(items:_:)' here}}
      model.add("tea")
      let environment = ViewEnvironment(title: "Preview", compact: true, implicits: Implicits.captureAll()) // expected-note@:85 {{'\.exchangeRate' of BlindKit is captured by the 'Implicits.captureAll()' bag here}} // expected-note@:25 {{'\.exchangeRate' of BlindKit is required where 'ViewEnvironment.implicits' is restored: 'ViewEnvironment.init(title:compact:implicits:)' keeps the bag passed here in it}}
      return render(CartScreen(model: model, environment: environment))
    }
  }

  public static var all: [String: () -> [String]] { ["emptyCart": emptyCart] }
}
