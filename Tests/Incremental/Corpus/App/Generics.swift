import Implicits

// Generic helpers and nested types, where key types are spelled through typealiases.

struct Repository<Model> {
  typealias Store = Cache<Model>

  struct Query {
    var limit: Int
  }

  func all(_ query: Query, _ scope: ImplicitScope) -> [Model] {
    @Implicit var analytics: Analytics
    analytics.track("repository.all.\(query.limit)")
    return []
  }
}

enum Formatter {
  static func format(_ value: Int, _ scope: ImplicitScope) -> String {
    @Implicit(\.locale) var locale: String
    return "\(value) \(locale)"
  }

  static func format(_ value: Double, _ scope: ImplicitScope) -> String {
    format(Int(value), scope)
  }
}

class BaseScreen {
  @Implicit var analytics: Analytics
  init(_ scope: ImplicitScope) {}
  func appear() { analytics.track("appear") }
}

final class CheckoutScreen: BaseScreen {
  @Implicit var flags: Environment.Flags
  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }
}

func openCheckout() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  // Error: no `Environment.Flags` in this scope.
  let screen = CheckoutScreen(scope)
  screen.appear()
  _ = Formatter.format(2.5, scope)
}
