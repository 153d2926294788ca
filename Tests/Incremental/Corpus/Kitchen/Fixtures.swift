import Foundation
import Implicits

// What the app's tests use: repositories generic over their models, and fixtures that set
// up a scope and reach into internal state, as `@testable import` lets them.

protocol Repository {
  associatedtype Model: Identifiable
  func all() -> [Model]
}

struct InMemoryRepository<Model: Identifiable>: Repository where Model: Equatable {
  var items: [Model] = []
  func all() -> [Model] { items }
}

struct RepositoryService<R: Repository> where R.Model == Order {
  let repository: R

  func open(_ scope: ImplicitScope) -> [Order] {
    @Implicit var tracker: Tracker
    tracker.track("repository.open")
    return repository.all().filter { $0.status == .draft }
  }
}

enum KitchenFixture {
  static func withOrders(_ count: Int, _ body: (ImplicitScope) throws -> Void) rethrows {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var tracker = Tracker()
    @Implicit var repository = makeRepository()
    @Implicit(\.tableNumber) var table = count
    try body(scope)
  }

  static func openOrders(_ scope: ImplicitScope) -> Int {
    @Implicit var repository: InMemoryRepository<Order>
    let service = RepositoryService(repository: repository)
    return service.open(scope).count
  }

  static func checkEvents() {
    withOrders(2) { scope in
      @Implicit var tracker: Tracker
      _ = openOrders(scope)
      assert(tracker.events.contains("repository.open"))
    }
  }
}

#if canImport(UIKit)
import UIKit

final class ReceiptViewModel {
  @Implicit var formatter: PriceFormatter
  var text = ""

  init(_ scope: ImplicitScope) {}

  func show(_ order: Order) {
    text = formatter.string(for: order.total)
    UIAccessibility.post(notification: .announcement, argument: text)
  }
}
#else
final class ReceiptViewModel {
  @Implicit var formatter: PriceFormatter
  @Implicit var logger: any Logging
  var text = ""

  init(_ scope: ImplicitScope) {}

  func show(_ order: Order) {
    text = formatter.string(for: order.total)
    logger.log(text)
  }
}
#endif
