// A view controller wires the callbacks of the cells it configures; the table view (or
// another module, through a public property) calls them later with its own scope. What a
// callback needs belongs to whoever calls the property, never to the code that stores it
// (issue 18 item 8). Before: a false `implicit-without-scope-parameter` in each storing
// method (and initial value), when nothing in the module calls the property; with the
// closure type written out or named by a typealias.
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }
struct Row {}

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func trackPick(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

final class RowCell {
  var onSelect: ((Row, ImplicitScope) -> Void)?
  var onLongPress: ((ImplicitScope, Row) -> Void)? = nil
}

/// Called by an app that links this module, with its own scope.
public final class PickerView {
  public var onPick: ((Row, ImplicitScope) -> Void)?
  public var onDismiss: (() -> Void)?

  public init() {}

  func wire() {
    onPick = { row, scope in trackPick(row, scope) }
  }

  func wireSelf() {
    self.onPick = { row, scope in
      logTap(row, scope)
      trackPick(row, scope)
    }
  }

  // Broken: no scope is given to this closure; it reads the logger when it is called.
  func wireDismiss() {
    onDismiss = {
      @Implicit var logger: Logger // expected-error@:21 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Logger' of the enclosing scope}}
    }
  }
}

final class FeedViewController {
  let cell = RowCell()

  func viewDidLoad() {
    cell.onSelect = { row, scope in logTap(row, scope) }
    cell.onLongPress = { scope, row in
      trackPick(row, scope)
    }
  }

  func configure(_ cell: RowCell) {
    cell.onSelect = { row, scope in
      logTap(row, scope)
    }
  }
}

typealias ShareHandler = (Row, ImplicitScope) -> Void

/// The share sheet of a host app calls these with its scope.
public final class ShareButton {
  var onShare: ShareHandler?
  var onLongShare: ShareHandler? = { row, scope in trackPick(row, scope) }
  var onCopy: ((Row, ImplicitScope) -> Void)? = { row, scope in logTap(row, scope) }
  let extraActions: [ShareHandler] = [{ row, scope in logTap(row, scope) }]

  func viewDidLoad() {
    onShare = { row, scope in
      trackPick(row, scope)
    }
  }
}
