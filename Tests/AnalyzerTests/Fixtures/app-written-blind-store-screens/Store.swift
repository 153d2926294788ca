// App code written before running the analyzer on it (issue 18, item 8): a store with a
// static and an instance member of one signature, a SwiftUI-style view that reads an
// implicit only on iOS, and a coordinator that declares it only on iOS. The analyzer first
// rejected 'begin()', correct in every configuration (the same condition in caller and
// callee was taken independently); 'beginWithoutHaptics()' fails on iOS.
import Foundation
import Implicits

struct Theme { var dark = false; init() {} }
struct Haptics { init() {} }
struct Payments { init() {} }
struct Logger { init() {} }

final class CartStore {
  static let shared = CartStore()
  var items: [String] = []
  init() {}

  static func load(_ scope: ImplicitScope) -> CartStore {
    @Implicit var logger: Logger
    return CartStore()
  }

  func load(_ scope: ImplicitScope) {
    @Implicit var payments: Payments
  }

  func add(_ item: String, _ scope: ImplicitScope) {
    @Implicit var logger: Logger
    items.append(item)
  }

  func add(_ items: [String], _ scope: ImplicitScope) {
    for item in items { add(item, scope) }
  }

  static func reset(_ scope: ImplicitScope) {
    shared.load(scope)
    _ = load(scope)
  }
}

struct CheckoutView {
  let store: CartStore
  var theme: Theme { Theme() }

  func body(_ scope: ImplicitScope) {
    @Implicit var theme: Theme
    store.load(scope)
    store.add("x", scope)
    CartStore.shared.add(["a", "b"], scope)
    #if os(iOS) // expected-note@:5 {{reported where 'os(iOS)' holds; the analyzer does not know which configuration is built, so the code must be correct in each}}
    @Implicit var haptics: Haptics // expected-note@:19 {{'Haptics' is read here}}
    #endif
  }
}
