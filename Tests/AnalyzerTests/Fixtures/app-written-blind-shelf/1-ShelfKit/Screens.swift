import Foundation
import Implicits

// Stand-ins for UIKit, which Linux does not have: the shapes an iOS app codes against.
open class UIViewController {
  public var title: String?
  public weak var navigationController: UINavigationController?
  public init() {}
  open func viewDidLoad() {}
}

public final class UINavigationController {
  public private(set) var viewControllers: [UIViewController] = []
  public init() {}
  public func pushViewController(_ controller: UIViewController, animated: Bool) {
    controller.navigationController = self
    viewControllers.append(controller)
    controller.viewDidLoad()
  }
  public func popViewController(animated: Bool) { viewControllers.removeLast() }
}

public struct IndexPath: Hashable, Sendable {
  public var row: Int
  public var section: Int
  public init(row: Int, section: Int) {
    self.row = row
    self.section = section
  }
}

open class UITableViewCell {
  public var text: String?
  public init() {}
}

public protocol UITableViewDataSource: AnyObject {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

public protocol UITableViewDelegate: AnyObject {
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

public final class UITableView {
  public weak var dataSource: UITableViewDataSource?
  public weak var delegate: UITableViewDelegate?
  public private(set) var visibleCells: [UITableViewCell] = []
  public init() {}
  public func reloadData() {
    guard let dataSource else { return }
    let rows = dataSource.tableView(self, numberOfRowsInSection: 0)
    visibleCells = (0..<rows).map { dataSource.tableView(self, cellForRowAt: IndexPath(row: $0, section: 0)) }
  }
  public func select(_ row: Int) {
    delegate?.tableView(self, didSelectRowAt: IndexPath(row: row, section: 0))
  }
}

public final class BookCell: UITableViewCell {
  public var onTap: (() -> Void)?
  public var onRate: ((Int) -> Void)?
}

/// The list of books: loads them, shows a cell per book, and reports the selected one.
public final class BooksViewController: UIViewController, UITableViewDataSource, UITableViewDelegate, @unchecked Sendable {
  @Implicit var logger: Logger
  private let implicits = Implicits.captureAll()
  public let tableView = UITableView()
  public private(set) var books: [String] = []
  public var onSelect: ((String) -> Void)?

  public init(_ scope: ImplicitScope) {
    super.init()
    title = "Books"
  }

  public override func viewDidLoad() {
    tableView.dataSource = self
    tableView.delegate = self
    logger.log("books appeared")
  }

  /// Loads off the main thread and shows the result on it.
  public func load(completion: @escaping @Sendable () -> Void) {
    let implicits = self.implicits
    DispatchQueue.global().async { [weak self] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit var database: Database
      let titles = ["Dune", "Emma", "Ulysses"].filter { database.load($0) != nil || $0 != "Ulysses" }
      DispatchQueue.main.async {
        self?.books = titles
        self?.tableView.reloadData()
        completion()
      }
    }
  }

  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { books.count }

  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = BookCell()
    let book = books[indexPath.row]
    cell.text = book
    cell.onTap = { [weak self] in self?.onSelect?(book) }
    withScope(with: implicits) { scope in
      cell.onRate = withRateBookImplicits { (stars: Int, scope) in
        BookDetailModel(title: book, scope).rate(stars, scope)
      }
    }
    return cell
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    (tableView.visibleCells[indexPath.row] as? BookCell)?.onTap?()
  }
}

public final class BookViewController: UIViewController {
  public let model: BookDetailModel
  public var onClose: (() -> Void)?
  public init(model: BookDetailModel) {
    self.model = model
    super.init()
    title = model.title
  }
}
