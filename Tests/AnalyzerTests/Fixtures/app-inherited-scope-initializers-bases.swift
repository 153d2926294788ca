// More bases a subclass inherits `init(_ scope:)` from, the way apps write them: a generic
// store, a `required` initializer, a convenience one inherited because the subclass
// overrides every designated one, a test case base class. And subclasses that do not
// inherit it: one with a designated `init()` of its own, one of a base without a scope
// initializer; their stored implicits have no `init(_ scope:)` to be read from. Compiles
// with `swiftc -typecheck`.
import Implicits

struct Logger {}
struct API {}
struct Theme {}
struct Router {}
struct Clock {}
struct MockServer {}
struct Flags {}
struct AppState {}

class Store<State> {
  @Implicit var logger: Logger

  init(_ scope: ImplicitScope) {}
}

final class AppStore: Store<AppState> {
  @Implicit var api: API // expected-note@:17 {{'API' is read by this stored property when 'init(_ scope:)' runs}}
}

class Screen {
  @Implicit var theme: Theme

  required init(_ scope: ImplicitScope) {}
}

class HomeScreen: Screen {
  @Implicit var router: Router // expected-note@:17 {{'Router' is read by this stored property when 'init(_ scope:)' runs}}
}

// Every designated initializer overridden: the convenience one is inherited.
class Panel {
  @Implicit var theme: Theme
  let title: String

  init(title: String) { self.title = title }

  convenience init(_ scope: ImplicitScope) { self.init(title: "") }
}

final class SidePanel: Panel {
  @Implicit var router: Router // expected-note@:17 {{'Router' is read by this stored property when 'init(_ scope:)' runs}}

  override init(title: String) { super.init(title: title) }
}

class BaseTestCase {
  @Implicit var clock: Clock

  init(_ scope: ImplicitScope) {}

  func setUp() {}
}

final class LoginTests: BaseTestCase {
  @Implicit var server: MockServer // expected-note@:17 {{'MockServer' is read by this stored property when 'init(_ scope:)' runs}}

  func testLogin() { _ = (clock, server) }
}

// A designated `init()` of its own: it inherits no initializer of the base.
final class SettingsViewModel: Panel { // expected-error@:1 [type-without-scope-init] {{type 'SettingsViewModel' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)' to read them from}}
  @Implicit var flags: Flags

  init() { super.init(title: "Settings") }
}

// The base has no scope initializer to inherit.
class LegacyViewModel { // expected-error@:1 [type-without-scope-init] {{type 'LegacyViewModel' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)' to read them from}}
  @Implicit var logger: Logger
}

final class LegacyDetailViewModel: LegacyViewModel { // expected-error@:1 [type-without-scope-init] {{type 'LegacyDetailViewModel' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)' to read them from}}
  @Implicit var flags: Flags
}

func makeStore(_ scope: ImplicitScope) -> AppStore { AppStore(scope) } // expected-note@:54 {{'API' is required by the call to 'AppStore.init(_:)' here}}

func makeHome(_ scope: ImplicitScope) -> HomeScreen { HomeScreen(scope) } // expected-note@:55 {{'Router' is required by the call to 'HomeScreen.init(_:)' here}}

func makePanel(_ scope: ImplicitScope) -> SidePanel { SidePanel(scope) } // expected-note@:55 {{'Router' is required by the call to 'SidePanel.init(_:)' here}}

func runLoginTests(_ scope: ImplicitScope) {
  let tests = LoginTests(scope) // expected-note@:15 {{'MockServer' is required by the call to 'LoginTests.init(_:)' here}}
  tests.setUp()
  tests.testLogin()
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var api = API()
  @Implicit var theme = Theme()
  @Implicit var router = Router()
  @Implicit var clock = Clock()
  @Implicit var server = MockServer()
  _ = makeStore(scope)
  _ = makeHome(scope)
  _ = makePanel(scope)
  runLoginTests(scope)
}

func rootMissingSubclassKeys() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'API', 'MockServer' and 'Router' at this entry point; declare them in this scope (e.g. '@Implicit var api = API(…)') before they are needed}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var theme = Theme()
  @Implicit var clock = Clock()
  _ = makeStore(scope) // expected-note@:7 {{'API' is required by the call to 'makeStore(_:)' here}}
  _ = makeHome(scope) // expected-note@:7 {{'Router' is required by the call to 'makeHome(_:)' here}}
  _ = makePanel(scope) // expected-note@:7 {{'Router' is required by the call to 'makePanel(_:)' here}}
  runLoginTests(scope) // expected-note@:3 {{'MockServer' is required by the call to 'runLoginTests(_:)' here}}
}
