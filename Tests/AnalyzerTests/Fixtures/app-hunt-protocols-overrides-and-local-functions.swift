// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does, and all held (nothing to fix): kept so they stay held.
// Protocol default implementations, a local function, recursion, a deferred call, an override
// calling super, a static factory and a mutating method with a default argument, an optional
// receiver.
import Implicits

struct Analytics { func log(_ s: String) {} }
struct Logger { func info(_ s: String) {} }
struct Session { var user = "u" }

protocol Screen { func appear(_ scope: ImplicitScope) } // expected-error@:24 [dynamic-dispatch] {{protocol requirement 'appear(_:)' takes an ImplicitScope, but calls through dynamic dispatch cannot be analysed}}
extension Screen {
  func appear(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.log("appear")
  }
}
struct HomeScreen: Screen {}
struct SettingsScreen: Screen {
  func appear(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
    logger.info("settings")
  }
}

func showAll(_ screens: [any Screen], _ scope: ImplicitScope) {
  for screen in screens { screen.appear(scope) }
}
func present<S: Screen>(_ screen: S, _ scope: ImplicitScope) { screen.appear(scope) }

func rootProvidesOnlyAnalytics() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var analytics = Analytics()
  showAll([HomeScreen(), SettingsScreen()], scope)
  present(HomeScreen(), scope)
}

// A local function reading an implicit, called with the scope.
func checkout(_ scope: ImplicitScope) {
  func charge(_ amount: Int, _ scope: ImplicitScope) { // expected-error@:30 [scope-parameter-in-local-function] {{local function 'charge' takes an ImplicitScope}}
    @Implicit var session: Session // expected-note@:19 {{'Session' is read here}}
    _ = session.user
  }
  charge(10, scope) // expected-note@:3 {{'Session' is required by the call to 'charge(_:_:)' here}}
}
func rootWithoutSession() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  checkout(scope) // expected-note@:3 {{'Session' is required by the call to 'checkout(_:)' here}}
}

// Recursion.
func walk(_ depth: Int, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.info("\(depth)")
  if depth > 0 { walk(depth - 1, scope) }
}
func rootRecursion() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var logger = Logger()
  walk(3, scope)
}

// defer calling an implicit function.
func finish(_ scope: ImplicitScope) { @Implicit var analytics: Analytics; analytics.log("done") } // expected-note@:53 {{'Analytics' is read here}}
func task(_ scope: ImplicitScope) {
  defer { finish(scope) } // expected-note@:11 {{'Analytics' is required by the call to 'finish(_:)' here}}
  print("work")
}
func rootDefer() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  task(scope) // expected-note@:3 {{'Analytics' is required by the call to 'task(_:)' here}}
}

// Overrides and super.
class BaseController {
  func load(_ scope: ImplicitScope) { @Implicit var logger: Logger; logger.info("base") } // expected-error@:8 [dynamic-dispatch] {{overridable method 'load(_:)' takes an ImplicitScope, but calls through dynamic dispatch cannot be analysed}} expected-note@:53 {{'Logger' is read here}}
}
final class FeedController: BaseController {
  override func load(_ scope: ImplicitScope) { // expected-error@:17 [dynamic-dispatch] {{overridable method 'load(_:)' takes an ImplicitScope, but calls through dynamic dispatch cannot be analysed}}
    super.load(scope) // expected-note@:5 {{'Logger' is required by the call to 'load(_:)' here}}
    @Implicit var analytics: Analytics
    analytics.log("feed")
  }
}
func rootOverride() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  @Implicit var analytics = Analytics()
  FeedController().load(scope) // expected-note@:3 {{'Logger' is required by the call to 'load(_:)' here}}
}

// Static factory returning Self, mutating method on a struct, default argument.
struct Cart {
  var items: [String] = []
  static func make(_ scope: ImplicitScope) -> Cart { @Implicit var session: Session; return Cart(items: [session.user]) }
  mutating func add(_ item: String, _ scope: ImplicitScope, quantity: Int = 1) {
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
    analytics.log(item); items.append(item)
  }
}
func rootCart() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  @Implicit var session = Session()
  var cart = Cart.make(scope)
  cart.add("apple", scope) // expected-note@:3 {{'Analytics' is required by the call to 'add(_:_:)' here}}
}

// Optional receiver and optional scope.
final class ProfileViewModel {
  func refresh(_ scope: ImplicitScope) { @Implicit var session: Session; _ = session } // expected-note@:56 {{'Session' is read here}}
}
func rootOptionalReceiver(model: ProfileViewModel?) {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  model?.refresh(scope) // expected-note@:3 {{'Session' is required by the call to 'refresh(_:)' here}}
}
