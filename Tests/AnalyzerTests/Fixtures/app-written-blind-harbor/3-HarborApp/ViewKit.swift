import Foundation
import Implicits

/// A stand-in for UIKit's view controller: the app's screens subclass it and override its
/// lifecycle methods, which UIKit calls without any scope.
open class ViewController {
  open var title: String?
  public private(set) var lifecycle: [String] = []
  public private(set) var children: [ViewController] = []
  public weak var parent: ViewController?

  public init() {}

  open func viewDidLoad() { lifecycle.append("load") }
  open func viewWillAppear(_ animated: Bool) { lifecycle.append("appear") }

  public func addChild(_ child: ViewController) {
    children.append(child)
    child.parent = self
    child.viewDidLoad()
  }

  /// What UIKit does when a screen is shown.
  public func present(animated: Bool = true) {
    viewDidLoad()
    viewWillAppear(animated)
  }
}

/// A stand-in for a table view's cell with a selection callback.
public final class Cell {
  public var text = ""
  public var onSelect: ((Int) -> Void)?
  public init() {}
}
