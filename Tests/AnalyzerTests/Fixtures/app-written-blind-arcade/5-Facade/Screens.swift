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
  let model = ModelFactory.cart(items, with: environment.implicits)
  model.add("tea")
  let header = HeaderView(scope)
  return render(header) + render(CartScreen(model: model, environment: environment))
}

/// Preview-like factories: each renders a screen with made-up services of its own.
public enum Previews {
  public static func emptyCart() -> [String] {
    withScope(with: Implicits()) { scope in
      @Implicit var journal = Journal(name: "preview")
      @Implicit var prices = PriceList(["tea": Money(cents: 250)])
      @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
      @Implicit(\.locale) var locale = "fr"
      @Implicit(\.exchangeRate) var exchangeRate = 1.0
      let model = CartModel(items: [], scope)
      model.add("tea")
      let environment = ViewEnvironment(title: "Preview", compact: true, implicits: Implicits.captureAll())
      return render(CartScreen(model: model, environment: environment))
    }
  }

  public static var all: [String: () -> [String]] { ["emptyCart": emptyCart] }
}
