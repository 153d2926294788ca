import BlindKit
import Implicits

/// What a parent view hands its children: display settings and a bag of implicits for the
/// view models the children make.
public struct ViewEnvironment {
  public var title: String
  public var compact: Bool
  public let implicits: Implicits

  public init(title: String, compact: Bool = false, implicits: Implicits) {
    self.title = title; self.compact = compact; self.implicits = implicits // expected-note@:49 {{'\.exchangeRate' of BlindKit is required where 'ViewEnvironment.implicits' is restored, which keeps the bag stored here}}
  }
}

/// Makes view models from a bag, as a view does when it appears.
public enum ModelFactory {
  public static func cart(_ items: [String], with implicits: Implicits) -> CartModel {
    withScope(with: implicits) { scope in CartModel(items: items, scope) } // expected-note@:43 {{'\.exchangeRate' of BlindKit is required by the call to 'CartModel.init(items:_:)' here}}
  }
}

/// The model behind the cart screen: reads its services when it is made.
public final class CartModel {
  @Implicit var prices: PriceList
  @Implicit var journal: Journal
  public private(set) var items: [String]
  private let implicits = Implicits.captureAll() // expected-note@:27 {{'\.exchangeRate' of BlindKit is captured by the 'Implicits.captureAll()' bag here}}

  public init(items: [String], _ scope: ImplicitScope) {
    self.items = items
  }

  public var total: Money { items.compactMap { prices[$0] }.reduce(.zero, +) }

  /// What the "add" button does, long after the model was made.
  public func add(_ item: String) {
    items.append(item)
    withScope(with: implicits) { scope in
      note("added \(item)", scope)
      tally("cart.add", scope)
    }
  }

  public func checkoutLabel() -> String {
    withScope(with: implicits) { scope in
      "Pay \(total) (\(total |>> scope) abroad)" // expected-note@:30 {{'\.exchangeRate' of BlindKit is required by the call to '|>>(_:_:)' here}} // expected-note@:30 {{'\.exchangeRate' of BlindKit is read in 'Money.|>>(_:_:)' at app-written-blind-arcade-planted/1-BlindKit/Money.swift:22:35}}
    }
  }
}
