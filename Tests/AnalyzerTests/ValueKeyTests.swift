#if ImplicitsAnalysis
import Testing

@testable import ImplicitsAnalysis

/// Encoded keys travel from the per-file pass to `KeyResolver` as strings; naming one
/// changes the variable and nothing else.
struct ValueKeyTests {
  static let keys: [ValueKey] = [
    ValueKey(kind: .initializer, type: "Service", name: "init", labels: [], firstArgument: "o", variable: "service"),
    ValueKey(kind: .call, type: "Database", name: "open", labels: ["path", nil], firstArgument: "s", variable: "db"),
    ValueKey(kind: .call, type: "", name: "makeCache", labels: [nil], firstArgument: "n", variable: ""),
    ValueKey(property: "cache", of: "Store"),
  ]

  @Test(arguments: keys, ["renamed", "_", "é", ""])
  func namingReplacesOnlyTheVariable(key: ValueKey, variable: String) throws {
    var expected = key
    expected.variable = variable
    let named = try #require(ValueKey(decoding: ValueKey.naming(key.encoded, variable)))
    #expect(named == expected)
  }

  @Test func namingLeavesPlainKeysAlone() {
    #expect(ValueKey.naming("Service", "service") == "Service")
    #expect(ValueKey.naming("\\.flag", "flag") == "\\.flag")
  }

  @Test func wrappedKeysKeepTheirWrappingWhenNamed() throws {
    let wrapped = ValueKey.wrap(Self.keys[1].encoded, "?")
    let named = try #require(ValueKey(decoding: ValueKey.naming(wrapped, "other")))
    #expect(named.wrapping == "?")
    #expect(named.variable == "other")
  }
}
#endif
