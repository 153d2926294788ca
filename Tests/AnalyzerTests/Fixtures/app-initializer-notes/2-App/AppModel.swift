import Implicits
import Store

/// Replays events later, with the values captured where it was made.
final class Replayer {
  init(replaying events: [String], from bag: Implicits) {
    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    @Implicit var database: Database // expected-note@:19 {{'Database' is read here}}
    _ = (events, database)
  }
}

final class AppModel {
  let store: Store

  init(_ scope: ImplicitScope) {
    store = Store(name: "main", scope)
    // expected-note@-1:13 {{'Database' is required by the call to 'Store.init(name:_:)' here}}
    // expected-note@-2:13 {{'Database' is required by the call to 'SyncEngine.init(_:)' in 'Store.init(name:_:)' at app-initializer-notes/1-Store/Store.swift:21:14}}
    // expected-note@-3:13 {{'Database' is read in 'SyncEngine.init(_:)' at app-initializer-notes/1-Store/Store.swift:13:19}}
  }
}

func launch() -> AppModel {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  _ = Replayer(replaying: [], from: #implicits)
  return AppModel(scope)
}

// Broken: nothing declares the database that the store's engine opens.
func launchOffline() -> AppModel {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  return AppModel(scope) // expected-note@:10 {{'Database' is required by the call to 'AppModel.init(_:)' here}}
}

// Broken: the replayer restores a bag without the database.
func replayOffline() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  _ = Replayer(replaying: ["open"], from: #implicits) // expected-note@:43 {{'Database' is captured by the '#implicits' bag here}}
  // expected-note@-1:7 {{'Database' is required by 'Replayer.init(replaying:from:)', which restores the bag passed here}}
}
