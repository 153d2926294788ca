extension Implicits {
  /// Captures the values stored under `keys`; keys without a visible value are left out.
  /// Used by code the analysis plugin generates for `#implicits`.
  ///
  /// Complexity: O(*k*).
  @_spi(Unsafe)
  public init(unsafeKeys keys: ImplicitKeyIdentifier...) {
    self.init(unsafeKeys: keys)
  }

  /// Captures the values stored under `keys`; keys without a visible value are left out.
  @_spi(Unsafe)
  public init(unsafeKeys keys: [ImplicitKeyIdentifier]) {
    var seen = Set<ImplicitKeyIdentifier>()
    self.init(capturing: keys.compactMap { key in
      seen.insert(key).inserted ? _Runtime.binding(for: key._raw) : nil
    })
  }

  /// The identifier of a named key: `Implicits.getRawKey(\.darkMode)`.
  @_spi(Unsafe) @inlinable
  public static func getRawKey<Key: ImplicitKeyType>(_ key: KeySpecifier<Key>) -> ImplicitKeyIdentifier {
    ImplicitKeyIdentifier(key)
  }

  /// The identifier of the type key of `type`: `Implicits.getRawKey(Wallet.self)`.
  @_spi(Unsafe) @inlinable
  public static func getRawKey<T>(_ type: T.Type) -> ImplicitKeyIdentifier {
    ImplicitKeyIdentifier(type: type)
  }
}
