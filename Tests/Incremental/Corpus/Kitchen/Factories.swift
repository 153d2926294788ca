import Foundation

// Factories whose return types the implicits declared with them are inferred from.

struct KitchenClock: Sendable {
  var now: @Sendable () -> Date = { Date() }
}

func makeClock() -> KitchenClock { KitchenClock() }

func makeRepository() -> InMemoryRepository<Order> { InMemoryRepository() }

enum Services {
  static func logger(prefix: String) -> ConsoleLogger { ConsoleLogger(prefix: prefix) }
}
