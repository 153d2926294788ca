import Core
import Implicits
import Storage

/// The app's start-up: re-declares the container's services as implicits.
final class AppStartup {
  let container: Container

  init(container: Container) {
    self.container = container
  }

  func launch() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let container = Container.shared
    @Implicit var database = container.database
    @Implicit var logger = container.logger
    @Implicit var settings = Container.shared.settings
    migrate(scope)
    refresh(scope)
  }

  func relaunch() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var database = self.container.database
    @Implicit var logger = Container.fallbackLogger
    @Implicit var settings = container.settings
    migrate(scope)
    refresh(scope)
  }

  // Broken: the logger is declared under the key `Int` (the container's `retries`), so the
  // refresh misses it.
  func launchWithRetries() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = container.retries
    @Implicit var settings = container.settings
    refresh(scope) // expected-note@:5 {{'Logger' is required by the call to 'refresh(_:)' here}}
    // expected-note@-1:5 {{'Logger' is read in 'refresh(_:)' at cross-module-property-types/2-Core/Container.swift:29:17}}
  }

  // Broken: a property the interface does not list still asks for an annotation.
  func launchWithSecret() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var secret = container.secret // expected-error@:19 [key-not-inferable] {{cannot infer the key of implicit 'secret'}}
    migrate(scope)
  }
}
