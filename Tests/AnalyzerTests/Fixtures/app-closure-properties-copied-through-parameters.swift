// A coordinator wires cell callbacks through small helpers that take the closure as a
// parameter and store it: `share(feed.onTap)` with `func share(_ h: TapHandler?) {
// archive.onTap = h }`, or a literal closure handed to `relay { row, scope in … }`
// (issue 18 item 8). At run time a tap on the archive runs what was handed to the helper;
// a note at the line of the copy says how the closure got there.
import Implicits

typealias TapHandler = (Row, ImplicitScope) -> Void

struct Analytics { init() {} }
struct Logger { init() {} }
struct Row {}

func trackTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

final class FeedCell {
  var onTap: TapHandler?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) }
}

final class ArchiveCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) } // expected-note@:50 {{'Analytics' is required by the closures stored in 'ArchiveCell.onTap' that this call may run}}
}

final class PinnedCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) }
}

final class DraftCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) } // expected-note@:50 {{'Logger' is required by the closures stored in 'DraftCell.onTap' that this call may run}}
}

final class FeedCoordinator {
  let feed = FeedCell()
  let archive = ArchiveCell()
  let pinned = PinnedCell()

  /// Hands the feed's callback on to the archive.
  func share(_ handler: TapHandler?) {
    archive.onTap = handler
  }

  /// Stores a callback for the pinned cell.
  func relay(_ handler: @escaping TapHandler) {
    self.pinned.onTap = handler
  }

  func bind() {
    feed.onTap = { row, scope in trackTap(row, scope) }
    share(feed.onTap) // expected-note@:5 {{'Analytics' is required by the 'TapHandler' closures, passed here to 'share(_:)', which stores them into 'ArchiveCell.onTap'}}
    relay { row, scope in trackTap(row, scope) } // expected-note@:11 {{'Analytics' is required by the closure created here}} // expected-note@:27 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}} // expected-note@:11 {{'Analytics' is required by the closure created here}} // expected-note@:27 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}}
  }

  func tapArchive(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    archive.tap(row, scope)
    pinned.tap(row, scope)
  }

  // Broken: the archive runs the feed's closure, which reads the analytics.
  func tapArchiveLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    archive.tap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'tap(_:_:)' here}}
  }

  // Broken: the pinned cell runs the closure handed to `relay`.
  func tapPinnedLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    pinned.onTap?(row, scope) // expected-note@:5 {{'Analytics' is required by the closures stored in 'PinnedCell.onTap' that this call may run}}
  }
}

/// The same helper in another controller, given only a closure that logs.
final class DraftsController {
  let drafts = DraftCell()

  func use(_ handler: ((Row, ImplicitScope) -> Void)?) { drafts.onTap = handler }

  func bind() {
    use { row, scope in logTap(row, scope) } // expected-note@:9 {{'Logger' is required by the closure created here}} // expected-note@:25 {{'Logger' is required by the call to 'logTap(_:_:)' here}}
  }

  func tapDraft(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    drafts.tap(row, scope)
  }

  // Broken: the draft's closure logs.
  func tapDraftTracked(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    drafts.tap(row, scope) // expected-note@:5 {{'Logger' is required by the call to 'tap(_:_:)' here}}
  }
}
