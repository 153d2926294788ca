// Functions and initializers without a scope named as values, and properties passed as
// arguments, need nothing: no error where they are named.
import Implicits

struct Row { var count = 0 }

func describe(_ value: Int) -> String { "\(value)" }

final class Table {
  var rows: [Row] = []
  var limit = 3

  func labels(_ scope: ImplicitScope) -> [String] {
    let counts = rows.map(\.count)
    let clamped = counts.map { min($0, limit) }
    _ = max(limit, clamped.count)
    return counts.map(String.init) + clamped.map(describe)
  }
}
