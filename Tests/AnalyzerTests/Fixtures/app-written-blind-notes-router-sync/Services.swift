// App code written before running the analyzer on it (issue 18, item 8, session 9): a
// SwiftUI-style screen with an @Observable view model and named closure wrappers, a
// coordinator, a server with route groups whose responders and filters are closures kept
// in a dictionary and an array, a sync engine (an actor draining an AsyncStream, retries,
// a task group), a generic service over a protocol extension, and three real mistakes,
// each of which stops the program at run time (compiled runtime-only with the generated
// support file): the analyzer reports exactly these. (As first written, `NotesScreen` kept
// the scope in a stored property; that is `scope-not-followed` by design, see the note
// on the issue, and it takes the scope as a parameter here.)
import Foundation
import Implicits

struct Logger: Sendable {
  var prefix = "app"
  init() {}
  func log(_ message: String) { print("[\(prefix)] \(message)") }
}

struct APIClient: Sendable {
  var baseURL = "https://example.com"
  init() {}
  func get(_ path: String) async throws -> String { "\(baseURL)\(path)" }
}

final class FeatureFlags: @unchecked Sendable {
  var newCheckout = true
  init() {}
}

struct Clock: Sendable {
  init() {}
  func now() -> Int { 42 }
}

extension ImplicitsKeys {
  static let retryLimit = Key<Int>(default: 3)
  static let userID = Key<String>()
}

protocol Repository {
  associatedtype Item
  func all() -> [Item]
}

extension Repository {
  /// A protocol extension that reads implicits: dispatched statically.
  func logged(_ scope: ImplicitScope) -> [Item] {
    @Implicit var logger: Logger
    let items = all()
    logger.log("loaded \(items.count)")
    return items
  }
}

struct NoteRepository: Repository {
  func all() -> [String] { ["a", "b"] }
}

/// A generic service over any repository.
struct ListService<R: Repository> {
  let repository: R
  init(repository: R) { self.repository = repository }

  func load(_ scope: ImplicitScope) -> [R.Item] {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    _ = clock.now()
    return repository.logged(scope)
  }
}

enum Network {
  static func fetch(_ path: String, _ scope: ImplicitScope) async throws -> String {
    @Implicit var api: APIClient // expected-note@:19 {{'APIClient' is read here}}
    @Implicit(\.retryLimit) var retryLimit: Int
    var attempt = 0
    while true {
      do {
        return try await api.get(path)
      } catch {
        attempt += 1
        if attempt >= retryLimit { throw error }
        try await Task.sleep(nanoseconds: 1_000)
      }
    }
  }
}
