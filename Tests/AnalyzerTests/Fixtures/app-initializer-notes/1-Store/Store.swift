// Notes name an initializer with its type (`SyncEngine.init(_:)`), in this module, down a
// dependency's chain, and where a bag is restored (issue 18 item 8): a bare `init(_:)`
// does not say what is made. Written as an app's store layer and the app using it.
import Implicits

public struct Database: Sendable {
  public init() {}
}

/// Opens its connection when it is made.
public final class SyncEngine {
  public init(_ scope: ImplicitScope) {
    @Implicit var database: Database
    _ = database
  }
}

public final class Store {
  let engine: SyncEngine
  public init(name: String, _ scope: ImplicitScope) {
    engine = SyncEngine(scope)
  }
}
