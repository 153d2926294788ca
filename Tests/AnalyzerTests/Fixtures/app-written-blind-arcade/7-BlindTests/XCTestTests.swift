import BlindKit
import Facade
import ImplicitsTesting
import Plugboard
import XCTest

final class RouterTests: XCTestCase {
  override func invokeTest() {
    withImplicits({
      @Implicit var journal = Journal(name: "xctest")
      @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
      @Implicit(\.locale) var locale = "en"
      @Implicit var prices = PriceList(["jam": Money(cents: 199)])
    }) {
      super.invokeTest()
    }
  }

  func testHelloAndPrice() {
    withScope { scope in
      let router = shopRouter(debug: false)
      XCTAssertEqual(router.handle(Request(path: "/hello", query: ["name": "Al"]), scope).body, "Hello, Al")
      XCTAssertEqual(router.handle(Request(path: "/price", query: ["id": "jam"]), scope).body, "1.99")
      XCTAssertEqual(router.handle(Request(path: "/journal"), scope).status, 404)
    }
  }

  func testCartModelKeepsItsServices() {
    let model = withScope { scope in
      @Implicit(\.exchangeRate) var exchangeRate = 0.5
      return CartModel(items: ["jam"], scope)
    }
    model.add("jam")
    XCTAssertEqual(model.total, Money(cents: 398))
    XCTAssertEqual(model.checkoutLabel(), "Pay 3.98 (1.99 abroad)")
  }

  func testPreviewRendersAlone() {
    let lines = Previews.emptyCart()
    XCTAssertEqual(lines.first, "Preview")
    XCTAssertEqual(lines.last, "  Pay 2.50 (2.50 abroad)")
  }

  func testPluginRegistryAsync() async {
    await withImplicits({
      @Implicit var journal = Journal(name: "async")
      @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
      @Implicit(\.locale) var locale = "en"
      @Implicit(\.pluginPrefix) var prefix = "p/"
    }) {
      await Task.yield()
      withScope { scope in
        let registry = Registry<Reverse>()
        registry.load(as: "r", scope)
        XCTAssertEqual(registry.run("r", on: "abc", scope), "cba")
      }
    }
  }
}
