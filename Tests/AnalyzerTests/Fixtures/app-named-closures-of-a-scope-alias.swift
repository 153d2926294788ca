// A table screen names its row handlers with the module's scope-taking alias:
// `let pick: RowHandler = { row, scope in … }`. Written out (`(Row, ImplicitScope) -> Void`)
// this was accepted; through the alias it got a false `untyped-scope-closure-parameter`,
// called or stored, because the alias is known only once every file is read (issue 18 item 8).
import Implicits

struct Row { let id: Int }
struct Logger { init() {} }
struct Analytics { init() {} }

enum Table {
  typealias RowHandler = (Row, ImplicitScope) -> Void
}
typealias RowAction = (Row) -> Void

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func track(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

final class TableScreen {
  var handlers: [String: Table.RowHandler] = [:]

  func didSelect(_ row: Row, _ scope: ImplicitScope) {
    let pick: Table.RowHandler = { row, scope in logTap(row, scope) }
    pick(row, scope)
    let again: Table.RowHandler? = { row, scope in logTap(row, scope) }
    again?(row, scope) // expected-note@:5 {{'Logger' is required by the closures this call may run}}
  }

  func register() {
    let open: Table.RowHandler = { row, scope in logTap(row, scope) } // expected-note@:50 {{'Logger' is required by the call to 'logTap(_:_:)' here}}
    handlers["open"] = open // expected-note@:24 {{'Logger' is required by the closure created here}}
  }

  // A scope-less alias captures the caller's scope and runs where it is called.
  func didLongPress(_ row: Row, _ scope: ImplicitScope) {
    let log: RowAction = { row in track(row, scope) }
    log(row)
  }
}

func showTable() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var analytics = Analytics()
  let screen = TableScreen()
  screen.didSelect(Row(id: 1), scope)
  screen.didLongPress(Row(id: 1), scope)
}

// Broken: nothing declares the logger the handler reads.
func showTableWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  TableScreen().didSelect(Row(id: 2), scope) // expected-note@:3 {{'Logger' is required by the call to 'didSelect(_:_:)' here}}
}
