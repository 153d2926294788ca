// A service locator the app is migrating away from (issue 18 item 8): its properties'
// types are written here, in another module than the code that re-declares them as
// implicits, and the interface carries them.
import Implicits
import Storage

public final class Logger: Sendable {
  public init(label: String) {}
}

public struct Settings: Sendable {
  public var retries = 3
  public init() {}
}

public final class Container {
  nonisolated(unsafe) public static let shared = Container()
  public static var fallbackLogger: Logger { Logger(label: "fallback") }
  public lazy var database: Database = .open("app.db")
  public var logger: Logger { Logger(label: "app") }
  public let settings = Settings()
  public var retries: Int = 3
  /// Not visible to the app: reading it there does not compile, so it is not recorded.
  var secret: String = ""
  public init() {}
}

public func refresh(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
  @Implicit var settings: Settings
  _ = (logger, settings)
}
