import Implicits

// Named keys written by hand: this package builds with the runtime only (traits: []).

public enum LocaleKey: ImplicitKeyType { public typealias Value = String }
public enum DamageScaleKey: ImplicitKeyType { public typealias Value = Double }
public enum ExchangeRateKey: ImplicitKeyType { public typealias Value = Double }
public enum PluginPrefixKey: ImplicitKeyType { public typealias Value = String }
public enum DebugOverlayKey: ImplicitKeyType { public typealias Value = Bool }

/// Pipelines process this many records per batch unless a scope says otherwise.
public enum BatchSizeKey: DefaultImplicitKey {
  public typealias Value = Int
  public static var defaultValue: Int { 4 }
}

extension ImplicitsKeys {
  public var locale: LocaleKey.Type { LocaleKey.self }
  public var damageScale: DamageScaleKey.Type { DamageScaleKey.self }
  public var exchangeRate: ExchangeRateKey.Type { ExchangeRateKey.self }
  public var pluginPrefix: PluginPrefixKey.Type { PluginPrefixKey.self }
  public var debugOverlay: DebugOverlayKey.Type { DebugOverlayKey.self }
  public var batchSize: BatchSizeKey.Type { BatchSizeKey.self }
}
