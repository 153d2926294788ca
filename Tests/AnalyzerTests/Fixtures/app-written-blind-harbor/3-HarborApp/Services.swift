import Foundation
import HarborCore
import Implicits

/// Talks to the Harbor server; injected through initializers before the migration.
public final class APIClient: @unchecked Sendable {
  public let baseURL: String
  public private(set) var requests: [String] = []
  public init(baseURL: String) { self.baseURL = baseURL }
  public func get(_ path: String) -> String {
    requests.append(path)
    return "\(baseURL)\(path)"
  }
}

/// Thumbnails by URL; a cache that the screens share.
public final class ImageCache {
  private var images: [String: String] = [:]
  public init() {}
  public subscript(url url: String) -> String? {
    get { images[url] }
    set { images[url] = newValue }
  }
  public var count: Int { images.count }
}

/// Who is signed in; changes are observed.
public final class UserSession {
  public var userName: String {
    didSet { changes += 1 }
  }
  public private(set) var changes = 0
  public init(userName: String) { self.userName = userName }
}

/// The app's dependency container, halfway through the migration to implicits: the old
/// singleton still builds the services, screens get some of them injected and re-declare
/// them as implicits for the code below them.
public final class AppContainer {
  public static let shared = AppContainer()

  public let api: APIClient
  public let imageCache = ImageCache()
  public lazy var session: UserSession = UserSession(userName: "guest")

  private init() {
    #if DEBUG
    api = APIClient(baseURL: "http://localhost:8080")
    #else
    api = APIClient(baseURL: "https://harbor.example.com")
    #endif
  }
}

extension ImplicitsKeys {
  /// The device's name as the OS reports it.
  public static let deviceName = Key<String>()
}
