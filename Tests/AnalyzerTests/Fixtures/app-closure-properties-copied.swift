// A coordinator shares one cell's tap callback with another: `archive.onTap = feed.onTap`,
// with the closure types written out on both properties (issue 18 item 8). At run time a
// tap on the archive runs the feed's closure; before, calls through `archive.onTap` did
// not run the closures stored into `feed.onTap`, so a caller providing only a `Logger` was
// accepted while the feed's closure reads the `Analytics`. Each error has a note at the
// line of the copy it is found through.
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }
struct Row {}

func trackTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

final class FeedCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) }
}

final class ArchiveCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) } // expected-note@:50 {{'Analytics' is required by the closures stored in 'ArchiveCell.onTap' that this call may run}}
}

final class DraftCell {
  var onTap: ((Row, ImplicitScope) -> Void)? = nil
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) } // expected-note@:50 {{'Analytics' is required by the closures stored in 'DraftCell.onTap' that this call may run}}
}

final class PinnedCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
}

final class FeedCoordinator {
  let feed = FeedCell()
  let archive = ArchiveCell()
  let drafts = DraftCell()
  let pinned = PinnedCell()

  func bind() {
    feed.onTap = { row, scope in trackTap(row, scope) } // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}} // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}} // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}}
    archive.onTap = feed.onTap // expected-note@:5 {{'Analytics' is required by the closures stored in 'FeedCell.onTap', copied here into 'ArchiveCell.onTap'}} // expected-note@:5 {{'Analytics' is required by the closures stored in 'FeedCell.onTap', copied here into 'ArchiveCell.onTap'}}
    pinned.onTap = { row, scope in logTap(row, scope) }
  }

  func bindDrafts() {
    let shared = self.feed.onTap
    drafts.onTap = shared ?? pinned.onTap // expected-note@:5 {{'Analytics' is required by the closures stored in 'FeedCell.onTap', copied here into 'DraftCell.onTap'}}
  }

  func tapArchive(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    @Implicit var logger = Logger()
    archive.tap(row, scope)
    archive.onTap?(row, scope)
    drafts.tap(row, scope)
  }

  // Broken: the archive runs the feed's closure, which reads the analytics.
  func tapArchiveLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    archive.tap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'tap(_:_:)' here}}
  }

  // Broken: the same, called through the property.
  func tapArchiveDirect(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    archive.onTap?(row, scope) // expected-note@:5 {{'Analytics' is required by the closures stored in 'ArchiveCell.onTap' that this call may run}}
  }

  // Broken: the drafts hold the feed's closure through a local.
  func tapDraftLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    drafts.tap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'tap(_:_:)' here}}
  }
}

final class PinnedController {
  let pinned = PinnedCell()
  let drafts = DraftCell()

  // The drafts run the pinned closures too, which need only the logger.
  func bind() {
    drafts.onTap = pinned.onTap
  }

  func tapPinned(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    pinned.onTap?(row, scope)
  }
}
