import ImplicitsCSupport

extension Implicits {
  /// Captures the values stored under `keys`; keys without a visible value are left out,
  /// and a key given twice is captured once.
  ///
  /// Complexity: O(*k*).
  @_spi(Unsafe)
  public init(unsafeKeys keys: ImplicitKeyIdentifier...) {
    self.init(unsafeKeys: keys)
  }

  /// Captures the values stored under `keys`; keys without a visible value are left out,
  /// and a key given twice is captured once.
  ///
  /// Code generated for `#implicits` passes a static table (a global `let` array, built
  /// once), so a capture makes one allocation: the bag's own storage.
  ///
  /// Complexity: O(*k*).
  @_spi(Unsafe) @inlinable
  public init(unsafeKeys keys: [ImplicitKeyIdentifier]) {
    // Inlined: the caller lends the table's buffer as it is, where a call taking the array
    // would take (and give back) a reference of its own to the table on every capture.
    self = keys.withUnsafeBufferPointer { _Runtime.capture($0) }
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
