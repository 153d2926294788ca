// A blind round (session 13) found it: a screen base class keeps the bag its initializer
// captured, and subclasses restore it in their lifecycle overrides, which UIKit calls
// without a scope. The bag is the superclass's stored property, not the subclass's.
import Implicits

final class Logger { func info(_ line: String) {} }
final class Session { var userName = "guest" }
final class APIClient { func get(_ path: String) -> String { path } }

class ViewController {
  init() {}
  func viewDidLoad() {}
  func viewWillAppear(_ animated: Bool) {}
}

class BaseScreen: ViewController {
  let implicits: Implicits
  init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll() // expected-note@:17 {{'Session' is captured by the 'Implicits.captureAll()' bag here}} // expected-note@:17 {{'APIClient' is captured by the 'Implicits.captureAll()' bag here}}
    super.init()
  }
}

enum ProfileLoader {
  static func header(_ scope: ImplicitScope) -> String {
    @Implicit var api: APIClient // expected-note@:19 {{'APIClient' is read here}}
    @Implicit var session: Session
    return api.get("/users/\(session.userName)")
  }

  static func greet(with implicits: Implicits) -> String {
    withScope(with: implicits) { scope in
      @Implicit var session: Session // expected-note@:21 {{'Session' is read here}}
      return "hello \(session.userName)"
    }
  }
}

/// Restores the inherited bag by its name, through `self.`, and hands it on.
final class ProfileScreen: BaseScreen { // expected-note@:1 {{'Session' is required by 'BaseScreen.init(_:)', which this class inherits}}
  private(set) var header = ""

  override func viewDidLoad() {
    super.viewDidLoad()
    withScope(with: implicits) { scope in header = ProfileLoader.header(scope) } // expected-note@:52 {{'APIClient' is required by the call to 'header(_:)' here}}
  }

  override func viewWillAppear(_ animated: Bool) {
    let scope = ImplicitScope(with: self.implicits)
    defer { scope.end() }
    @Implicit var logger: Logger
    logger.info(ProfileLoader.greet(with: implicits)) // expected-note@:17 {{'Session' is required by 'greet(with:)', which restores the bag passed here}}
  }
}

/// Two levels down: the bag is the grandparent's.
class SettingsScreen: BaseScreen {} // expected-note@:1 {{'APIClient' is required by 'BaseScreen.init(_:)', which this class inherits}}

final class AccountScreen: SettingsScreen { // expected-note@:1 {{'APIClient' is required by 'SettingsScreen.init(_:)', which this class inherits}}
  override func viewDidLoad() {
    withScope(with: implicits) { scope in _ = ProfileLoader.header(scope) }
  }
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var api = APIClient()
  @Implicit var session = Session()
  ProfileScreen(scope).viewDidLoad()
  AccountScreen(scope).viewDidLoad()
}

func launchWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var api = APIClient()
  ProfileScreen(scope).viewDidLoad() // expected-note@:3 {{'Session' is required by the call to 'ProfileScreen.init(_:)' here}}
}

func launchAccountWithoutClient() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()  // only ProfileScreen reads it, but the bag is BaseScreen's
  @Implicit var session = Session()
  AccountScreen(scope).viewDidLoad() // expected-note@:3 {{'APIClient' is required by the call to 'AccountScreen.init(_:)' here}}
}
