#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// The interface lists properties by type, name, value type and access, compared as
/// `String`s compare; ASCII texts are compared as bytes for speed, with the same result.
@Suite struct PropertyOrderTests {
  typealias Property = ModuleInterface.Property

  static func property(_ type: String, _ name: String, _ valueType: String = "Int", _ access: String = "internal", isStatic: Bool? = nil) -> Property {
    Property(type: type, name: name, access: access, isStatic: isStatic, valueType: valueType)
  }

  /// What the fields as a tuple of `String`s give, static ones after instance ones.
  static func expected(_ properties: [Property]) -> [Property] {
    properties.sorted {
      ($0.type, $0.name, $0.valueType, $0.access, $0.isStatic == true ? 1 : 0)
        < ($1.type, $1.name, $1.valueType, $1.access, $1.isStatic == true ? 1 : 0)
    }
  }

  @Test(arguments: [
    // A field that is a prefix of another's sorts first, whatever follows it.
    [property("Feed", "item"), property("Feed", "items"), property("FeedModel", "a"), property("Feed", "item", "Cache")],
    // Upper case before lower case, digits before letters, as bytes and as `String`s.
    [property("cart", "x"), property("Cart", "x"), property("Cart2", "x"), property("Cart", "X", "Int", "public")],
    // The same property twice, static and not: both listed, instance one first.
    [property("Store", "shared", "Store", isStatic: true), property("Store", "shared", "Store")],
    // Non-ASCII names: `String` order, which is not always byte order.
    [property("Café", "menu"), property("Cafz", "menu"), property("Cafe", "menü"), property("Cafe", "menu")],
  ])
  func sortsAsTheFieldsDo(properties: [Property]) {
    for permutation in [properties, properties.reversed(), properties.shuffled()] {
      #expect(Property.sorted(permutation) == Self.expected(properties))
    }
  }
}
#endif
