import Implicits

// Hand-written named keys: this target is built without the macros trait, as the team's
// first step off Swinject was (no plugin, no `@NamedImplicitKey`).

public enum AccountIDKey: ImplicitKeyType { public typealias Value = String }
public enum PageSizeKey: DefaultImplicitKey {
  public typealias Value = Int
  public static var defaultValue: Int { 2 }
}
public enum SyncRetriesKey: DefaultImplicitKey {
  public typealias Value = Int
  public static var defaultValue: Int { 3 }
}
public enum FeatureFlagsKey: ImplicitKeyType { public typealias Value = FeatureFlags }
public enum SignatureKey: ImplicitKeyType { public typealias Value = String }

extension ImplicitsKeys {
  public var accountID: AccountIDKey.Type { AccountIDKey.self }
  public var pageSize: PageSizeKey.Type { PageSizeKey.self }
  public var syncRetries: SyncRetriesKey.Type { SyncRetriesKey.self }
  public var featureFlags: FeatureFlagsKey.Type { FeatureFlagsKey.self }
  public var signature: SignatureKey.Type { SignatureKey.self }
}
