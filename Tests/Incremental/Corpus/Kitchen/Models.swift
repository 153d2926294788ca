import Foundation

// Plain models with nested types, as apps keep them.

struct Order: Identifiable, Equatable {
  typealias ID = Int

  struct Line: Equatable {
    var item: Menu.Item
    var quantity: Int
    var note: String?
  }

  enum Status: String {
    case draft, submitted, paid, served
  }

  var id: ID
  var table: Int
  var lines: [Line] = []
  var status = Status.draft

  var total: Decimal {
    lines.reduce(0) { $0 + $1.item.price * Decimal($1.quantity) }
  }
}

struct Menu: Equatable {
  struct Item: Identifiable, Equatable, Hashable {
    var id: Int
    var name: String
    var price: Decimal
  }

  struct Section: Equatable {
    var title: String
    var items: [Item]
  }

  var sections: [Section]
}
