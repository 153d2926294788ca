import Implicits

func openRow(_ row: Int, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
  @Implicit var router: Router // expected-note@:17 {{'Router' is read here}}
}

func deleteRow(_ row: Int, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

func buzz(_ scope: ImplicitScope) {
  @Implicit var haptics: Haptics // expected-note@:17 {{'Haptics' is read here}}
}

final class RowsCoordinator {
  var selected: RowCell?
  init() {}

  // Correct: a local made with `RowCell()`.
  func cellForRow(_ row: Int) -> RowCell {
    let cell = RowCell()
    cell.onSelect = { row, scope in openRow(row, scope) }
    cell.onDelete = { row, scope in deleteRow(row, scope) }
    return cell
  }

  // Correct: a cell cast from what the table dequeues, with `as!`, `guard let … as?` and
  // `if let … as?`.
  func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row") as! RowCell
    cell.onSelect = { row, scope in openRow(row, scope) }
    return cell
  }

  func reconfigure(_ tableView: TableView, row: Int) {
    guard let cell = tableView.cellForRow(at: row) as? RowCell else { return }
    cell.onDelete = { row, scope in deleteRow(row, scope) }
    if let next = tableView.cellForRow(at: row + 1) as? RowCell {
      next.onDelete = { row, scope in deleteRow(row, scope) }
    }
  }

  // Correct: a property of a property of the coordinator.
  func bindSelected() {
    selected?.onSelect = { row, scope in openRow(row, scope) }
    self.selected?.onDelete = { row, scope in deleteRow(row, scope) }
  }

  // Correct: a property of the superclass.
  func configureBadge(_ cell: BadgeRowCell) {
    cell.badge = 1
    cell.onDelete = { row, scope in deleteRow(row, scope) }
  }

  // Correct: a parameter, an annotated local, an optional chain.
  func configure(_ cell: RowCell, spare: RowCell?) {
    cell.onSelect = { index, scope in openRow(index, scope) } // expected-note@:21 {{'Router' is required by the closure created here}} // expected-note@:39 {{'Router' is required by the call to 'openRow(_:_:)' here}}
    let other: RowCell = RowCell()
    other.onDelete = { row, context in deleteRow(row, context) }
    spare?.onDelete = { row, scope in
      deleteRow(row, scope)
    }
  }

  // Broken: `SwipeTableCell` comes from a library: nothing says what its callback takes.
  func configureLibraryCell(_ cell: SwipeTableCell) {
    cell.onSelect = { row, scope in openRow(row, scope) } // expected-error@:37 [untyped-scope-closure-parameter] {{cannot tell whether closure parameter 'scope' is an ImplicitScope}}
  }

  // Broken: the stored closure reads haptics, which no caller of `swipe` provides.
  func configureWithFeedback(_ cell: RowCell) {
    cell.onDelete = { row, scope in // expected-note@:21 {{'Haptics' is required by the closure created here}}
      deleteRow(row, scope)
      buzz(scope) // expected-note@:7 {{'Haptics' is required by the call to 'buzz(_:)' here}}
    }
  }
}

/// Selecting a row: the selection closures need the analytics and the router.
func selectFirstRow(_ cell: RowCell) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var router = Router()
  cell.tap(0, scope)
}

// Broken: deleting runs the closure that buzzes; nobody declares haptics.
func deleteFirstRow(_ cell: RowCell) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Haptics' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  cell.swipe(0, scope) // expected-note@:3 {{'Haptics' is required by the call to 'swipe(_:_:)' here}}
}

// Broken: selecting without a router.
func selectWithoutRouter(_ cell: RowCell) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Router' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  cell.tap(0, scope) // expected-note@:3 {{'Router' is required by the call to 'tap(_:_:)' here}}
}
