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

  func testHelloAndPrice() { // expected-error@:8 [unresolved-implicit] {{unresolved implicit '\.debugOverlay' of BlindKit at this entry point; declare it in this scope (e.g. '@Implicit(\.debugOverlay) var debugOverlay = …') before it is needed}} // P3: the /hello route reads \.debugOverlay (Routes.swift), which only the app declares; the runtime stops in this test ('DebugOverlayKey')
    withScope { scope in
      let router = shopRouter(debug: false)
      XCTAssertEqual(router.handle(Request(path: "/hello", query: ["name": "Al"]), scope).body, "Hello, Al") // expected-note@:22 {{'\.debugOverlay' of BlindKit is required by the call to 'handle(_:_:)' here}} // expected-note@:22 {{'\.debugOverlay' of BlindKit is read in a closure in 'shopRouter(debug:)' at app-written-blind-arcade-planted/5-Facade/Routes.swift:51:37}}
      XCTAssertEqual(router.handle(Request(path: "/price", query: ["id": "jam"]), scope).body, "1.99") // expected-note@:22 {{'\.debugOverlay' of BlindKit is required by the call to 'handle(_:_:)' here}} // expected-note@:22 {{'\.debugOverlay' of BlindKit is read in a closure in 'shopRouter(debug:)' at app-written-blind-arcade-planted/5-Facade/Routes.swift:51:37}}
      XCTAssertEqual(router.handle(Request(path: "/journal"), scope).status, 404) // expected-note@:22 {{'\.debugOverlay' of BlindKit is required by the call to 'handle(_:_:)' here}} // expected-note@:22 {{'\.debugOverlay' of BlindKit is read in a closure in 'shopRouter(debug:)' at app-written-blind-arcade-planted/5-Facade/Routes.swift:51:37}}
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
    await withImplicits({ // expected-error@:11 [unresolved-implicit] {{unresolved implicit '\.pluginPrefix' of BlindKit at this entry point; declare it in this scope (e.g. '@Implicit(\.pluginPrefix) var pluginPrefix = …') before it is needed}} // P4: the async test declares no plugin prefix; the runtime stops in Plugin.boot (Plugin.swift:16, 'PluginPrefixKey')
      @Implicit var journal = Journal(name: "async")
      @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
      @Implicit(\.locale) var locale = "en"
    }) {
      await Task.yield()
      withScope { scope in
        let registry = Registry<Reverse>()
        registry.load(as: "r", scope) // expected-note@:9 {{'\.pluginPrefix' of BlindKit is required by the call to 'load(as:_:)' here}} // expected-note@:9 {{'\.pluginPrefix' of BlindKit is required by the call to 'boot(_:)' in 'Registry.load(as:_:)' at app-written-blind-arcade-planted/4-Plugboard/Registry.swift:10:21}} // expected-note@:9 {{'\.pluginPrefix' of BlindKit is read in 'Plugin.boot(_:)' at app-written-blind-arcade-planted/4-Plugboard/Plugin.swift:16:35}}
        XCTAssertEqual(registry.run("r", on: "abc", scope), "cba")
      }
    }
  }
}
