// A coordinator sets the tap callbacks of the cells it keeps in stored properties, typed
// with a top-level closure typealias (issue 18 item 8). Before: a false
// `untyped-scope-closure-parameter` at `feed.onTap = { row, scope in … }` (the property's
// alias was not looked up through `feed`'s type unless some property spelled its closure
// type out), and a false `unresolved-call` at `archive.onTap(row, scope)`.
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }
struct Row {}

func trackTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

typealias TapHandler = (Row, ImplicitScope) -> Void

final class FeedCell {
  var onTap: TapHandler?

  func tap(_ row: Row, _ scope: ImplicitScope) {
    onTap?(row, scope) // expected-note@:5 {{'Analytics' is required by the 'TapHandler' closures this call may run}}
  }
}

final class ArchiveCell {
  var onTap: TapHandler = { row, scope in logTap(row, scope) }
}

final class CellCoordinator {
  let feed = FeedCell()
  let archive: ArchiveCell = ArchiveCell()

  func bind() {
    feed.onTap = { row, scope in trackTap(row, scope) } // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}} // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}}
    self.feed.onTap = { row, scope in logTap(row, scope) }
    // The archive runs what the feed runs: the closure is copied, not wrapped.
    archive.onTap = feed.onTap ?? { _, _ in }
  }

  func tapFeed(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    @Implicit var logger = Logger()
    feed.tap(row, scope)
  }

  func tapArchive(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    @Implicit var logger = Logger()
    archive.onTap(row, scope)
  }

  // Broken: the feed's closure reads the analytics.
  func tapFeedLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    feed.tap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'tap(_:_:)' here}}
  }

  // Broken: so does the archive's, once the feed's closure is copied into it.
  func tapArchiveLogged(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    archive.onTap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'onTap(_:_:)' here}}
  }
}
