import Implicits
import MailCore

@MainActor
public protocol Coordinator: AnyObject {
  var children: [any Coordinator] { get set }
  func start()
}

extension Coordinator {
  func add(_ child: any Coordinator) {
    children.append(child)
    child.start()
  }

  func remove(_ child: any Coordinator) {
    children.removeAll { $0 === child }
  }
}

extension Array where Element == any Coordinator {
  /// The first child of a given kind, for the app's deep links.
  func first<C: Coordinator>(_ kind: C.Type) -> C? {
    lazy.compactMap { $0 as? C }.first
  }
}

/// Where screens go: the app keeps a log of them instead of a navigation controller.
@MainActor
public protocol Router: AnyObject {
  func show(_ screen: String)
}

@MainActor
public protocol MailCoordinatorDelegate: AnyObject {
  func mailCoordinator(_ coordinator: MailCoordinator, didFinishWith sent: Int)
}
