// Named closure wrappers, as yandex/implicits generates them: `with<Name>Implicits { … }`
// captures what its closure needs where it is called and returns the closure without its
// scope. Used as a stored property's initial value, an assignment, an argument, a return
// value; with and without leading parameters; async and throwing; returning a value.
import Implicits

struct Item: Sendable { let id: Int }
struct CartStore: Sendable { init() {} }
struct Router: Sendable { init() {} }
struct Logger: Sendable { init() {} }
struct Request: Sendable { let path: String }
struct Response: Sendable { let status: Int }

func remove(_ item: Item, _ scope: ImplicitScope) { @Implicit var store: CartStore } // expected-note@:67 {{'CartStore' is read here}}
func open(_ row: Int, _ scope: ImplicitScope) { @Implicit var router: Router } // expected-note@:63 {{'Router' is read here}}
func reload(_ scope: ImplicitScope) { @Implicit var store: CartStore }
func log(_ message: String, _ scope: ImplicitScope) { @Implicit var logger: Logger }
func fetchCount(_ scope: ImplicitScope) async throws -> Int {
  @Implicit var store: CartStore
  return 0
}
func respond(to request: Request, _ scope: ImplicitScope) async throws -> Response {
  @Implicit var router: Router
  return Response(status: 200)
}

final class Cell {
  var onSelect: ((Int) -> Void)?
  var title: ((Int) -> String)?
}

// A view model: the wrapper is the initial value of a stored property, captured when
// `init(_ scope:)` runs.
final class CartViewModel {
  let removeItem = withRemoveItemImplicits { (item: Item, scope) in remove(item, scope) } // expected-note@:20 {{'CartStore' is captured by the closure wrapper 'withRemoveItemImplicits' here}} // expected-note@:69 {{'CartStore' is required by the call to 'remove(_:_:)' here}}

  init(_ scope: ImplicitScope) {}
}

// A view model whose wrapper property has no `init(_ scope:)` to capture it from.
final class WishlistViewModel { // expected-error@:1 [type-without-scope-init] {{type 'WishlistViewModel' stores a bag captured with 'withWishlistRemoveImplicits'}}
  let removeItem = withWishlistRemoveImplicits { (item: Item, scope) in remove(item, scope) }
}

// A coordinator with callbacks.
final class ListCoordinator {
  let cell = Cell()
  var retry: (() -> Void)?
  var count: (() async throws -> Int)?
  var refreshInBackground: (@Sendable () -> Void)?

  func start(_ scope: ImplicitScope) {
    cell.onSelect = withRowSelectionImplicits { (row: Int, scope) in open(row, scope) } // expected-note@:21 {{'Router' is captured by the closure wrapper 'withRowSelectionImplicits' here}} // expected-note@:70 {{'Router' is required by the call to 'open(_:_:)' here}}
    cell.title = withRowTitleImplicits { (row: Int, scope) in
      log("title", scope)
      return "Row \(row)"
    }
    retry = withRetryImplicits { scope in reload(scope) } // expected-note@:13 {{'withRetryImplicits' is first used here}}
    count = withCountImplicits { scope in try await fetchCount(scope) }
    schedule(withTickImplicits { scope in log("tick", scope) })
    // Handed to another thread: the wrapper returns a `@Sendable` closure.
    refreshInBackground = withBackgroundReloadImplicits { @Sendable scope in reload(scope) }
  }

  // The body declares what it reads itself: nothing is required of the caller for it.
  func startPreview(_ scope: ImplicitScope) {
    retry = withPreviewImplicits { scope in
      @Implicit var store = CartStore()
      reload(scope)
    }
  }

  // No scope is open here: there is nothing to capture.
  func setUp() {
    cell.onSelect = withSetUpImplicits { (row: Int, scope) in open(row, scope) } // expected-error@:21 [closure-wrapper-outside-scope] {{closure wrapper 'withSetUpImplicits' is called where no scope is open}}
  }

  // One name, one wrapper.
  func restart(_ scope: ImplicitScope) {
    retry = withRetryImplicits { scope in reload(scope) } // expected-error@:13 [closure-wrapper-duplicate] {{closure wrapper 'withRetryImplicits' is already used in this module}}
  }

  func schedule(_ action: @escaping () -> Void) {}
}

// A server handler returns the wrapped closure.
func makeHandler(_ scope: ImplicitScope) -> (Request) async throws -> Response {
  withHandleImplicits { (request: Request, scope) in try await respond(to: request, scope) }
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = CartStore()
  @Implicit var router = Router()
  @Implicit var logger = Logger()
  ListCoordinator().start(scope)
  ListCoordinator().startPreview(scope)
  _ = CartViewModel(scope)
  _ = makeHandler(scope)
}

// What the wrapped closures need is required where the wrappers are called.
func launchWithoutRouter() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Router' at this entry point}}
  defer { scope.end() }
  @Implicit var store = CartStore()
  @Implicit var logger = Logger()
  ListCoordinator().start(scope) // expected-note@:3 {{'Router' is required by the call to 'start(_:)'}}
}

func launchPreviewOnly() {
  let scope = ImplicitScope()
  defer { scope.end() }
  ListCoordinator().startPreview(scope)
}

func launchCartWithoutStore() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'CartStore' at this entry point}}
  defer { scope.end() }
  _ = CartViewModel(scope) // expected-note@:7 {{'CartStore' is required by the call to 'CartViewModel.init(_:)'}}
}

// A test: the wrapper is called in a `withScope` body.
func testRetryReloads() {
  withScope { scope in
    @Implicit var store = CartStore()
    let retry = withTestRetryImplicits { scope in reload(scope) }
    retry()
  }
}
