import Foundation
import Implicits

// The app's services, as a real app has them: protocols, a few concrete types, a generic store.

protocol APIClient: Sendable {
  func fetch(_ path: String) async throws -> Data
}

struct HTTPClient: APIClient {
  var baseURL: URL
  func fetch(_ path: String) async throws -> Data { Data(path.utf8) }
}

final class Analytics: @unchecked Sendable {
  private(set) var events: [String] = []
  func track(_ event: String) { events.append(event) }
}

struct Clock {
  var now: () -> Date = Date.init
}

final class Cache<Value> {
  private var storage: [String: Value] = [:]
  subscript(key: String) -> Value? {
    get { storage[key] }
    set { storage[key] = newValue }
  }
}

typealias ImageCache = Cache<Data>
typealias Completion = (Result<Data, Error>) -> Void

enum Environment {
  case production
  case staging

  struct Flags {
    var newCheckout = false
    var verboseLogging = false
  }
}

extension ImplicitsKeys {
  static let userID = Key<Int>()
  static let locale = Key<String>(default: "en")
}
