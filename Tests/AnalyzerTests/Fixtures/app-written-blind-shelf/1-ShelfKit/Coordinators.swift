import Foundation
import Implicits

/// Shows one book; tells its parent when the user closes it.
public final class BookCoordinator {
  private let navigation: UINavigationController
  private let title: String
  public var onFinish: (() -> Void)?
  @Implicit(\.userID) var userID: String

  public init(title: String, navigation: UINavigationController, _ scope: ImplicitScope) {
    self.title = title
    self.navigation = navigation
  }

  public func start(_ scope: ImplicitScope) {
    let model = BookDetailModel(title: title, scope)
    let screen = BookViewController(model: model)
    screen.onClose = { [weak self] in
      self?.navigation.popViewController(animated: true)
      self?.onFinish?()
    }
    log("\(userID) opened \(title)", scope)
    navigation.pushViewController(screen, animated: true)
  }
}

/// The app's root: pushes the list, and a child coordinator for each book opened.
public final class AppCoordinator: @unchecked Sendable {
  public let navigation = UINavigationController()
  public private(set) var children: [BookCoordinator] = []
  private let implicits: Implicits
  private lazy var list: BooksViewController = withScope(with: implicits) { scope in
    BooksViewController(scope)
  }

  public init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  public func start(completion: @escaping @Sendable () -> Void) {
    list.onSelect = { [weak self] title in
      guard let self else { return }
      DispatchQueue.main.async { self.showBook(title) }
    }
    navigation.pushViewController(list, animated: false)
    list.load(completion: completion)
  }

  func showBook(_ title: String) {
    withScope(with: implicits) { scope in
      let child = BookCoordinator(title: title, navigation: navigation, scope)
      child.onFinish = { [weak self, unowned child] in
        self?.children.removeAll { $0 === child }
      }
      children.append(child)
      child.start(scope)
    }
  }

  /// Taps a row as the user would.
  public func tap(row: Int) { list.tableView.select(row) }

  /// Rates the book in a row through the cell's callback.
  public func rate(row: Int, stars: Int) {
    (list.tableView.visibleCells[row] as? BookCell)?.onRate?(stars)
  }
}
