// Re-declaring injected dependencies as implicits: the key is the type written where the
// name is declared (a parameter, a stored property, an annotated local, an unwrapped
// optional, a loop variable, a function's return type).
import Foundation
import Implicits

struct URLSessionClient: Sendable { init() {} }
struct FeatureFlags: Sendable { init() {} }
final class ImageCache: @unchecked Sendable { init() {} }
struct Account: Sendable { let id: Int }
struct Session: Sendable { let token: String }
protocol Tracking: Sendable {}

func loadFeed(_ scope: ImplicitScope) {
  @Implicit var session: URLSessionClient
  @Implicit var flags: FeatureFlags // expected-note@:17 {{'FeatureFlags' is read here}}
}

func renderThumbnails(_ scope: ImplicitScope) {
  @Implicit var cache: ImageCache
}

func showAccount(_ scope: ImplicitScope) {
  @Implicit var account: Account // expected-note@:17 {{'Account' is read here}}
}

func track(_ scope: ImplicitScope) {
  @Implicit var tracker: any Tracking
}

// A view model that receives its dependencies in init and hands them on as implicits.
@MainActor
final class FeedViewModel {
  private let cache: ImageCache
  let tracker: any Tracking
  var account: Account?

  init(session: URLSessionClient, flags: FeatureFlags, cache: ImageCache, tracker: any Tracking) {
    self.cache = cache
    self.tracker = tracker
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var session = session
    @Implicit var flags = flags
    loadFeed(scope)
  }

  func thumbnails() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var cache = self.cache
    @Implicit var tracker = tracker
    renderThumbnails(scope)
    track(scope)
  }

  func openAccount() {
    guard let account else { return }
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var account = account
    showAccount(scope)
  }

  func openAccount(from accounts: [Account]) {
    for account in accounts {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var account = account
      showAccount(scope)
    }
  }
}

// A coordinator: annotated locals and `if let` of an annotated optional.
final class AppCoordinator {
  func start(restoring saved: Account?) {
    let flags: FeatureFlags = FeatureFlags()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var flags = flags
    @Implicit var session = URLSessionClient()
    loadFeed(scope)
  }

  func resume(restoring saved: Account?) {
    if let saved {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var account = saved
      showAccount(scope)
    }
  }

  func resume(from saved: [String: Account]) {
    guard let account = saved["last"] else { return }
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var account = account // expected-error@:19 [key-not-inferable] {{cannot infer the key of implicit 'account'}}
    showAccount(scope)
  }

  func startWithoutFlags(session: URLSessionClient) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'FeatureFlags' at this entry point}}
    defer { scope.end() }
    @Implicit var session = session
    loadFeed(scope) // expected-note@:5 {{'FeatureFlags' is required by the call to 'loadFeed(_:)'}}
  }

  // The optional itself is not the account: `saved` is `Account?` here.
  func startWithOptional(_ saved: Account?) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Account' at this entry point}}
    defer { scope.end() }
    @Implicit var account = saved
    showAccount(scope) // expected-note@:5 {{'Account' is required by the call to 'showAccount(_:)'}}
  }
}

// A server handler: the request's values, and a function's declared return type.
struct Request: Sendable { let session: Session }
func currentAccount(for request: Request) -> Account { Account(id: 1) }

func requireSession(_ scope: ImplicitScope) {
  @Implicit var session: Session
}

func handle(_ request: Request) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let session: Session = request.session
  @Implicit var session = session
  @Implicit var account = currentAccount(for: request)
  requireSession(scope)
  showAccount(scope)
}

// A property of a value of known type: `request.session` is a `Session`.
func handleProperty(_ request: Request) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let session = request.session
  @Implicit var session = session
  requireSession(scope)
}

// A name whose type is not written asks for an annotation, and only that is reported.
protocol SessionCache { func session(for request: Request) -> Session }
func handleUntyped(_ request: Request, cache: any SessionCache) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let session = cache.session(for: request)
  @Implicit var session = session // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'session'}}
  requireSession(scope)
}
