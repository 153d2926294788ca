// An app being migrated from a service locator: the start-up reads the container's
// services through a local (`let container = Container.shared`) and re-declares them as
// implicits. The key is the type written (or initialised) where each property is declared.
import Implicits

final class Logger { init(label: String) {} }
final class Database {
  static func open(_ name: String) -> Database { Database() }
}
protocol APIClient {}
struct StubAPI: APIClient {}

final class Container {
  nonisolated(unsafe) static let shared = Container()
  lazy var logger = Logger(label: "container")
  lazy var database: Database = .open("app.db")
  var api: any APIClient = StubAPI()
  let settings = Settings()
}

struct Settings {
  var retries: Int = 3
}

func refresh(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var database: Database
  @Implicit var api: any APIClient
  @Implicit var settings: Settings // expected-note@:17 {{'Settings' is read here}}
}

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let container = Container.shared
  @Implicit var logger = container.logger
  @Implicit var database = container.database
  @Implicit var api = container.api
  @Implicit var settings = Container.shared.settings
  refresh(scope)
}

func launchFresh() {
  let scope = ImplicitScope()
  defer { scope.end() }
  let container = Container()
  @Implicit var logger = container.logger
  @Implicit var database = container.database
  @Implicit var api = container.api
  @Implicit var settings = container.settings
  refresh(scope)
}

// Broken: the local is of a type the analyzer cannot know: it still asks for an annotation.
func launchFromFactory(_ make: () -> Container) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let container = make()
  @Implicit var logger = container.logger // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'logger'}}
  @Implicit var database = container.database // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'database'}}
  @Implicit var api = container.api // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'api'}}
  @Implicit var settings = container.settings // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'settings'}}
  refresh(scope)
}

// Broken: the settings are not declared.
func launchWithoutSettings() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Settings' at this entry point}}
  defer { scope.end() }
  let container = Container.shared
  @Implicit var logger = container.logger
  @Implicit var database = container.database
  @Implicit var api = container.api
  refresh(scope) // expected-note@:3 {{'Settings' is required by the call to 'refresh(_:)' here}}
}
