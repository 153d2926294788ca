// Bags captured with the public non-macro API `Implicits.captureAll()`, as apps built
// without the macros write them: in an initializer, a stored property, a capture list, a
// local `let`, an argument. The code run under the restored bag needs its keys where the
// bag is captured, exactly as with `#implicits`.
import Foundation
import Implicits

struct APIClient { init() {} }
struct Logger { init() {} }
struct Analytics { init() {} }
struct Feed { init() {} }

func loadFeed(_ scope: ImplicitScope) async -> Feed {
  @Implicit var api: APIClient
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
  return Feed()
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}} // expected-note@:17 {{'Analytics' is read here}}
}

final class Button {
  private var action: (() -> Void)?
  func onTap(_ action: @escaping () -> Void) { self.action = action }
}

// A view model keeps the bag its initializer captured and restores it on every refresh.
@MainActor
final class FeedViewModel {
  private(set) var feed: Feed?
  private let bag: Implicits

  init(_ scope: ImplicitScope) {
    bag = Implicits.captureAll() // expected-note@:11 {{'Logger' is captured by the 'Implicits.captureAll()' bag here}}
  }

  func refresh() async {
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    feed = await loadFeed(scope) // expected-note@:18 {{'Logger' is required by the call to 'loadFeed(_:)' here}}
  }
}

// A stored property's initial value, and `self.` in the initializer.
final class Tracker {
  private let implicits = Implicits.captureAll() // expected-note@:27 {{'Analytics' is captured by the 'Implicits.captureAll()' bag here}}

  init(_ scope: ImplicitScope) {}

  func send(_ event: String) {
    withScope(with: implicits) { scope in track(event, scope) } // expected-note@:43 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  }
}

final class Session {
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    self.implicits = .captureAll()
  }

  func signOut() {
    withScope(with: implicits) { scope in track("logout", scope) }
  }
}

// A callback handed to another API captures its bag in the capture list.
func bindBuyButton(_ button: Button, _ scope: ImplicitScope) {
  button.onTap { [bag = Implicits.captureAll()] in // expected-note@:25 {{'Analytics' is captured by the 'Implicits.captureAll()' bag here}}
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    track("buy", scope) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  }
}

// The module-qualified spelling and a local `let`.
func prefetch(_ scope: ImplicitScope) {
  let bag = Implicits.Implicits.captureAll()
  Task {
    await withScope(with: bag) { scope in _ = await loadFeed(scope) }
  }
}

// A bag handed to a function that restores its parameter.
func replay(_ events: [String], from bag: Implicits) {
  withScope(with: bag) { scope in
    for event in events { track(event, scope) } // expected-note@:27 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  }
}

func replayLater(_ events: [String], _ scope: ImplicitScope) {
  replay(events, from: Implicits.captureAll()) // expected-note@:24 {{'Analytics' is captured by the 'Implicits.captureAll()' bag here}} // expected-note@:3 {{'Analytics' is required by 'replay(_:from:)', which restores the bag passed here}}
}

// What is declared under the restored scope before it is read is not needed at the capture.
func bindShareButton(_ button: Button, _ scope: ImplicitScope) {
  button.onTap { [bag = Implicits.captureAll()] in
    withScope(with: bag) { scope in
      @Implicit var analytics = Analytics()
      track("share", scope)
    }
  }
}

// Looking into a bag without restoring it is not a mistake (unlike an unrestored `#implicits`).
func logContext(_ scope: ImplicitScope) {
  let snapshot = Implicits.captureAll()
  print(snapshot.keys, Implicits.captureAll().count)
}

// Everything provided: no diagnostics.
@MainActor
func launch(_ button: Button) async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = APIClient()
  @Implicit var logger = Logger()
  @Implicit var analytics = Analytics()
  let model = FeedViewModel(scope)
  await model.refresh()
  Tracker(scope).send("launch")
  Session(scope).signOut()
  bindBuyButton(button, scope)
  bindShareButton(button, scope)
  prefetch(scope)
  replayLater(["open"], scope)
  logContext(scope)
}

// A missing value is reported at the caller of the capture site, naming the key.
@MainActor
func launchWithoutLogger(_ button: Button) async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var api = APIClient()
  @Implicit var analytics = Analytics()
  let model = FeedViewModel(scope) // expected-note@:15 {{'Logger' is required by the call to 'FeedViewModel.init(_:)' here}}
  await model.refresh()
  bindShareButton(button, scope)
}

func launchWithoutAnalytics(_ button: Button) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  bindBuyButton(button, scope) // expected-note@:3 {{'Analytics' is required by the call to 'bindBuyButton(_:_:)' here}}
  replayLater([], scope) // expected-note@:3 {{'Analytics' is required by the call to 'replayLater(_:_:)' here}}
  _ = Tracker(scope) // expected-note@:7 {{'Analytics' is required by the call to 'Tracker.init(_:)' here}}
  bindShareButton(button, scope)
}

// Captured at the entry point itself: the note points at the capture.
func launchInline(_ button: Button) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  let bag = Implicits.captureAll() // expected-note@:13 {{'Analytics' is captured by the 'Implicits.captureAll()' bag here}}
  button.onTap {
    withScope(with: bag) { scope in track("inline", scope) } // expected-note@:37 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  }
}

// A capture where no scope is in sight captures whatever the caller happened to declare:
// the analyzer cannot prove it, as with `#implicits`.
func bindWithoutScope(_ button: Button) {
  let bag = Implicits.captureAll() // expected-error@:13 [implicit-without-scope-parameter] {{implicit 'Analytics' used in 'bindWithoutScope(_:)', which has no ImplicitScope parameter}}
  button.onTap {
    withScope(with: bag) { scope in track("orphan", scope) }
  }
}
