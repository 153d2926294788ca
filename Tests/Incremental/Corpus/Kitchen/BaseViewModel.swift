import Implicits

// The view models' base class: the services every screen logs and tracks with.

class BaseViewModel {
  @Implicit var logger: any Logging
  @Implicit var tracker: Tracker
  var isLoading = false

  init(_ scope: ImplicitScope) {}

  final func didAppear(_ scope: ImplicitScope) {
    tracker.track("appear.\(type(of: self))")
    logger.log("appear", scope)
  }
}

class ListViewModel<Element: Identifiable>: BaseViewModel {
  private(set) var elements: [Element] = []
  @Implicit(\.currencyCode) var currencyCode: String

  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }

  func replace(with elements: [Element]) {
    self.elements = elements
    logger.log("\(elements.count) elements in \(currencyCode)")
  }

  func element(at index: Int) -> Element? {
    elements.indices.contains(index) ? elements[index] : nil
  }
}
