// Callbacks a coordinator sets on cells it configures, and a view model sets on itself:
// the closure's parameters are untyped, and the property's declared type says which one
// is the scope (issue 18 item 8). The properties are declared in this file, the
// assignments made in the others.
import Implicits

struct Analytics { init() {} }
struct Router { init() {} }
struct Haptics { init() {} }

/// The table hands out cells as a base type, as `UITableView` does.
class TableCell {}

final class TableView {
  init() {}
  func dequeueReusableCell(withIdentifier identifier: String) -> TableCell { RowCell() }
  func cellForRow(at row: Int) -> TableCell? { nil }
}

class RowCell: TableCell {
  var onSelect: ((Int, ImplicitScope) -> Void)?
  var onDelete: RowAction?
  var title = ""
  override init() {}

  typealias RowAction = (_ row: Int, _ scope: ImplicitScope) -> Void

  final func tap(_ row: Int, _ scope: ImplicitScope) {
    onSelect?(row, scope) // expected-note@:5 {{'Router' is required by the closures stored in 'RowCell.onSelect' that this call may run}}
  }

  final func swipe(_ row: Int, _ scope: ImplicitScope) {
    onDelete?(row, scope) // expected-note@:5 {{'Haptics' is required by the 'RowCell.RowAction' closures this call may run}}
  }
}

/// Has its superclass's callbacks.
final class BadgeRowCell: RowCell {
  var badge = 0
}
