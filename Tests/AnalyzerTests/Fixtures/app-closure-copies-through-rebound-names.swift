// A coordinator copies cell callbacks through locals (`let handler = feed.onTap`), and
// reuses the name later for something else: a `for` variable, a closure's parameter, a
// local of an inner block. Only a name bound to a property where it is used is a copy of
// it: before, the first binding stuck to the name for the rest of the body, so a later
// `archive.onTap = handler` was taken for a copy of the feed's closures (a false error
// for a caller of the archive providing only a `Logger`); and a closure did not see the
// locals of the body it is written in (`queue.async { self.drafts.onTap = handler }`
// was not followed).
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }
struct Row {}

func trackTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

func logTap(_ row: Row, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

final class FeedCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
}

final class ArchiveCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) }
}

final class DraftCell {
  var onTap: ((Row, ImplicitScope) -> Void)?
  func tap(_ row: Row, _ scope: ImplicitScope) { onTap?(row, scope) } // expected-note@:50 {{'Analytics' is required by the closures stored in 'DraftCell.onTap' that this call may run}}
}

final class MainQueue {
  func async(_ work: @escaping () -> Void) {}
}

final class FeedCoordinator {
  let feed = FeedCell()
  let archive = ArchiveCell()
  let drafts = DraftCell()
  let queue = MainQueue()
  var fallbacks: [((Row, ImplicitScope) -> Void)?] = []

  func bind(_ verbose: Bool) {
    feed.onTap = { row, scope in trackTap(row, scope) } // expected-note@:18 {{'Analytics' is required by the closure created here}} // expected-note@:34 {{'Analytics' is required by the call to 'trackTap(_:_:)' here}}
    if verbose {
      let handler = feed.onTap
      queue.async { self.drafts.onTap = handler } // expected-note@:21 {{'Analytics' is required by the closures stored in 'FeedCell.onTap', copied here into 'DraftCell.onTap'}}
    }
    // Not the feed's closures: the name is rebound by the loop, and by the closure.
    for handler in fallbacks { archive.onTap = handler }
    fallbacks.forEach { handler in self.archive.onTap = handler }
  }

  func tapArchive(_ row: Row) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    archive.tap(row, scope)
  }

  // Broken: the drafts run the feed's closure, copied in the closure given to the queue.
  func tapDraft(_ row: Row) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    drafts.tap(row, scope) // expected-note@:5 {{'Analytics' is required by the call to 'tap(_:_:)' here}}
  }
}
