import Implicits

// Named keys: several implicits of the same type (`Int`, `String`) need names. The
// analysis plugin generates the accessors that make `\.memberDiscount` and
// `\.customerName` key paths. `@NamedImplicitKey` generates the accessor itself, so
// `\.currency` would work in a target without the plugin too; the plugin leaves it alone.
// A key with a default (`memberDiscount`) never needs a declaration.

extension ImplicitsKeys {
  /// The currency prices are shown and charged in.
  @NamedImplicitKey public static let currency = Key<Currency>()

  /// The member discount of the current customer, in per cent. Guests pay full price:
  /// where no scope declares a discount, reads get the default, 0.
  public static let memberDiscount = Key<Int>(default: 0)

  /// The name of the customer being served.
  public static let customerName = Key<String>()
}
