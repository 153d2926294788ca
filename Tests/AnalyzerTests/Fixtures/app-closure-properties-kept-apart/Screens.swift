// Two screens keep callbacks of one shape, `([String], ImplicitScope) -> Void`: a call
// through one type's property runs the closures stored into that property (and those the
// module passes on without naming where they go), not the other type's (issue 18 item 8).
import Implicits

struct Analytics { init() {} }
struct Logger { init() {} }
struct Clipboard { init() {} }

func trackTags(_ tags: [String], _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

func logTags(_ tags: [String], _ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}} // expected-note@:17 {{'Logger' is read here}}
}

func copyTags(_ tags: [String], _ scope: ImplicitScope) {
  @Implicit var clipboard: Clipboard // expected-note@:17 {{'Clipboard' is read here}}
}

final class FeedScreen {
  var onSelect: (([String], ImplicitScope) -> Void)?
  /// Given by whoever makes the screen: what is passed for `onShare` is stored here.
  let onShare: ([String], ImplicitScope) -> Void

  init(onShare: @escaping ([String], ImplicitScope) -> Void) {
    self.onShare = onShare
    onSelect = { tags, scope in trackTags(tags, scope) }
  }

  func select(_ tags: [String], _ scope: ImplicitScope) {
    onSelect?(tags, scope)
  }

  func share(_ tags: [String], _ scope: ImplicitScope) {
    onShare(tags, scope) // expected-note@:5 {{'Clipboard' is required by the call to 'onShare(_:_:)' here}}
  }
}

final class ArchiveScreen {
  var onSelect: (([String], ImplicitScope) -> Void)?
  init() {}

  func bind() {
    self.onSelect = { tags, scope in logTags(tags, scope) } // expected-note@:21 {{'Logger' is required by the closure created here}} // expected-note@:38 {{'Logger' is required by the call to 'logTags(_:_:)' here}} // expected-note@:21 {{'Logger' is required by the closure created here}} // expected-note@:38 {{'Logger' is required by the call to 'logTags(_:_:)' here}}
  }

  func select(_ tags: [String], _ scope: ImplicitScope) {
    self.onSelect?(tags, scope) // expected-note@:5 {{'Logger' is required by the closures stored in 'ArchiveScreen.onSelect' that this call may run}}
  }
}

func makeFeed() -> FeedScreen {
  FeedScreen(onShare: { tags, scope in copyTags(tags, scope) }) // expected-note@:23 {{'Clipboard' is required by the closure created here}} // expected-note@:40 {{'Clipboard' is required by the call to 'copyTags(_:_:)' here}}
}

/// The feed's selection needs the analytics only.
func selectInFeed(_ feed: FeedScreen) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  feed.select(["swift"], scope)
  feed.onSelect?(["news"], scope)
}

// Broken: the archive's selection logs.
func selectInArchive(_ archive: ArchiveScreen) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  archive.select(["swift"], scope) // expected-note@:3 {{'Logger' is required by the call to 'select(_:_:)' here}}
}

// Broken: called from outside the type, through an optional local.
func selectInArchiveDirectly(_ archive: ArchiveScreen?) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  archive?.onSelect?(["swift"], scope) // expected-note@:3 {{'Logger' is required by the closures stored in 'ArchiveScreen.onSelect' that this call may run}}
}

// Broken: the closure given to `FeedScreen(onShare:)` is the feed's `onShare`: sharing
// needs the clipboard (and selecting does not).
func shareFromFeed(_ feed: FeedScreen) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clipboard' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  feed.share(["swift"], scope) // expected-note@:3 {{'Clipboard' is required by the call to 'share(_:_:)' here}}
}
