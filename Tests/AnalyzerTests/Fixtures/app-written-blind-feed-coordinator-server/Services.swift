// App code written before running the analyzer on it (issue 18, item 8): a feed view
// model with task-group children and a stored bag, a coordinator with callbacks, a server
// handler with child tasks and a lazy declaration, and tests. The one error is real.
import Foundation
import Implicits

protocol AnalyticsTracking {
  func track(_ event: String)
}

struct ConsoleAnalytics: AnalyticsTracking {
  init() {}
  func track(_ event: String) { print(event) }
}

final class URLSessionClient {
  init() {}
  func get(_ path: String) async throws -> Data { Data() }
}

struct FeatureFlags {
  var newCheckout = false
  init() {}
}

final class ImageCache {
  init() {}
  func image(for id: Int) -> Data? { nil }
}

struct Clock {
  init() {}
  var now: Date { Date() }
}

extension ImplicitsKeys {
  static let userID = Key<String>()
  static let retries = Key<Int>(default: 3)
}

enum API {
  static func fetchProfile(_ id: String, _ scope: ImplicitScope) async throws -> Data {
    @Implicit var client: URLSessionClient
    @Implicit(\.retries) var retries: Int
    return try await client.get("/profile/\(id)")
  }

  static func fetchFeed(_ scope: ImplicitScope) async throws -> [Int] {
    @Implicit var client: URLSessionClient
    @Implicit(\.userID) var user: String
    _ = try await client.get("/feed/\(user)")
    return [1, 2, 3]
  }
}

func logEvent(_ name: String, _ scope: ImplicitScope) {
  @Implicit var analytics: any AnalyticsTracking
  analytics.track(name)
}
