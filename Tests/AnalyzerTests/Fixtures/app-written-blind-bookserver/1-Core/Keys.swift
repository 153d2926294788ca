import Implicits

extension ImplicitsKeys {
  /// The id of the request being served ("req-3") or of the command being run ("cli").
  public static let requestID = Key<String>()
  /// The signed-in user's name.
  public static let userName = Key<String>()
  /// Extra tracing; off unless someone turns it on.
  public static let verbose = Key<Bool>(default: false)
  /// The name the server answers with.
  public static let serverName = Key<String>()
  /// The largest request body the server accepts.
  public static let maxBodyBytes = Key<Int>(default: 4096)
}

/// A clock that counts ticks; tests and the CLI pin it.
public struct Clock: Sendable, DefaultImplicit {
  public let epoch: Int

  public init(epoch: Int) {
    self.epoch = epoch
  }

  public func stamp(_ offset: Int) -> Int { epoch + offset }

  public static var defaultImplicit: Clock { Clock(epoch: 1_000) }
}

/// How many books a user may borrow.
public struct Quota: Sendable {
  public let maxLoans: Int

  public init(maxLoans: Int) {
    self.maxLoans = maxLoans
  }
}

/// Per-request data the server loop declares for everything under one request.
public struct RequestContext: Sendable {
  public let id: Int
  public let path: String

  public init(id: Int, path: String) {
    self.id = id
    self.path = path
  }
}
