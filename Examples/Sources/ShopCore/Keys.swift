import Implicits

// Named keys: several implicits of the same type (`Int`, `String`) need names.

extension ImplicitsKeys {
  /// The currency prices are shown and charged in.
  ///
  /// `@NamedImplicitKey` generates the accessor that makes `\.currency` a key path; it
  /// works with or without the analysis plugin.
  @NamedImplicitKey public static let currency = Key<Currency>()

  /// The member discount of the current customer, in per cent.
  @NamedImplicitKey public static let memberDiscount = Key<Int>()

  /// The name of the customer being served.
  @NamedImplicitKey public static let customerName = Key<String>()
}
