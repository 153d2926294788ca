import Implicits

// SwiftUI-style screens without SwiftUI: value types with a body, stored implicits.

protocol Screen {
  associatedtype Body
  var body: Body { get }
}

extension Screen {
  func trackAppearance(_ scope: ImplicitScope) {
    @Implicit var tracker: Tracker
    tracker.track("screen.\(Self.self)")
  }
}

struct Label: Screen {
  var text: String
  var body: String { text }
}

struct MenuScreen: Screen {
  let model: MenuViewModel
  @Implicit var formatter: PriceFormatter
  @Implicit var flags: FeatureFlags

  init(model: MenuViewModel, _ scope: ImplicitScope) {
    self.model = model
  }

  var body: [Label] {
    (0..<3).compactMap { model.element(at: $0) }.map { Label(text: $0.name + " " + formatter.string(for: $0.price)) }
  }
}

struct ReceiptScreen: Screen {
  var receipt: CardProcessor.Receipt
  var body: Label { Label(text: receipt.reference) }

  struct Row: Screen {
    var title: String
    var body: Label { Label(text: title) }

    func highlight(_ scope: ImplicitScope) {
      @Implicit(\.currencyCode) var currency: String
      _ = title + currency
    }
  }
}
