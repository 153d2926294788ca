// A stored property's initial value keys it as the runtime does: `try? Database.open()`
// holds a `Database?`, `try!` and `!` unwrap. A view model that re-declares its stored
// values as implicits declares exactly those keys (issue 18 item 8, from the blind round).
import Implicits

struct OpenError: Error {}

final class Database {
  static func open() throws -> Database { Database() }
  static func cached() -> Database? { nil }
}

final class Cache {
  init() {}
}

/// Works offline too: the database is optional.
func loadFeed(_ scope: ImplicitScope) -> Int {
  @Implicit var database: Database? // expected-note@:17 {{'Database?' is read here}}
  return database == nil ? 0 : 1
}

func loadDrafts(_ scope: ImplicitScope) -> Int {
  @Implicit var database: Database // expected-note@:17 {{'Database' is read here}}
  @Implicit var cache: Cache
  _ = (database, cache)
  return 2
}

final class FeedViewModel {
  let database = try? Database.open()
  let required = try! Database.open()
  var cache = Database.cached()!
  private(set) var count = 0

  init() {}

  func refresh() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var database = database
    count = loadFeed(scope)
  }

  func refreshDrafts() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var database = self.required
    @Implicit var cache = Cache()
    count = loadDrafts(scope)
  }

  // Broken: `try?` makes the value optional, and the drafts need a `Database`.
  func refreshDraftsOffline() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    defer { scope.end() }
    @Implicit var database = self.database
    @Implicit var cache = Cache()
    count = loadDrafts(scope) // expected-note@:13 {{'Database' is required by the call to 'loadDrafts(_:)' here}}
  }

  // Broken: the unwrapped value is a `Database`, and the feed reads a `Database?`.
  func refreshUnwrapped() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Database?' at this entry point}}
    defer { scope.end() }
    @Implicit var database = cache
    count = loadFeed(scope) // expected-note@:13 {{'Database?' is required by the call to 'loadFeed(_:)' here}}
  }
}
