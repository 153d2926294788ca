import Implicits
import Settings

// Settings' defaults come with its interface: nothing to declare for them here.
func start() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.apiKey' of Settings at this entry point}}
  defer { scope.end() }
  _ = retryPolicy(scope)
  authorize(scope) // expected-note@:3 {{'\.apiKey' of Settings is required by the call to 'authorize(_:)' here}}
  // expected-note@-1:3 {{'\.apiKey' of Settings is read in 'authorize(_:)' at cross-module-key-defaults/1-Settings/Settings.swift:19:27}}
}

func readsTheDefaultDirectly() {
  @Implicit(\.retries) var retries: Int
  @Implicit var clock: Clock
}
