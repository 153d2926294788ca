// Named keys of the orchard, written by hand: this package builds without the macros.
import Implicits

/// The growing region a request or a job runs for ("north", "greenhouse-2").
public enum RegionKey: ImplicitKeyType { public typealias Value = String }

/// How many times `withRetry` tries before giving up; three unless someone says otherwise.
public enum RetryLimitKey: DefaultImplicitKey {
  public typealias Value = Int
  public static var defaultValue: Int { 3 }
}

/// Whether jobs write chatty journal lines.
public enum VerboseKey: ImplicitKeyType { public typealias Value = Bool }

/// The id of the request being served, for journal lines.
public enum RequestIDKey: ImplicitKeyType { public typealias Value = Int }

extension ImplicitsKeys {
  public var region: RegionKey.Type { RegionKey.self }
  public var retryLimit: RetryLimitKey.Type { RetryLimitKey.self }
  public var verbose: VerboseKey.Type { VerboseKey.self }
  public var requestID: RequestIDKey.Type { RequestIDKey.self }
}
