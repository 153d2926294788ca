import Core
import Implicits

func makeStore(_ scope: ImplicitScope) -> FeedStore {
  FeedStore(scope, initial: FeedState()) // expected-note@:3 {{'Session' is required by the call to 'FeedStore.init(_:initial:)' here}} // expected-note@:3 {{'Session' is read in 'FeedStore.init(_:initial:)' at cross-module-inherited-initializer-conditions/1-Core/Store.swift:20:24}} // expected-note@:3 {{'DebugLog' is required by the call to 'FeedStore.init(_:initial:)' here}} // expected-note@:3 {{'DebugLog' is read in 'FeedStore.init(_:initial:)' at cross-module-inherited-initializer-conditions/1-Core/Store.swift:22:24}}
}

// Right: everything the store reads, the debug log where DEBUG holds.
func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' holds}}
  @Implicit var debugLog = DebugLog()
#endif
  _ = makeStore(scope)
}

// Wrong in every configuration: no session.
func rootWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var debugLog = DebugLog()
  _ = makeStore(scope) // expected-note@:7 {{'Session' is required by the call to 'makeStore(_:)' here}}
}

// Wrong where DEBUG holds: no debug log.
func rootWithoutDebugLog() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'DebugLog' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session()
  _ = makeStore(scope) // expected-note@:7 {{'DebugLog' is required by the call to 'makeStore(_:)' here}}
}
