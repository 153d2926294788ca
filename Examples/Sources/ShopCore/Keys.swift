import Implicits

// Named keys: several implicits of the same type (`Int`, `String`) need names. The
// analysis plugin generates the accessors that make `\.currency` etc. key paths; a target
// without the plugin would mark each with `@NamedImplicitKey` instead.

extension ImplicitsKeys {
  /// The currency prices are shown and charged in.
  public static let currency = Key<Currency>()

  /// The member discount of the current customer, in per cent.
  public static let memberDiscount = Key<Int>()

  /// The name of the customer being served.
  public static let customerName = Key<String>()
}
