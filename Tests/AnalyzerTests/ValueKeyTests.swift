#if ImplicitsAnalysis
import Testing

@testable import ImplicitsAnalysis

/// Keys of values travel from the per-file pass to `KeyResolver` as values: naming one
/// changes the variable and nothing else, wrapping composes, and the cache keeps every field.
struct ValueKeyTests {
  static let keys: [ValueKey] = [
    ValueKey(kind: .initializer, type: "Service", name: "init", labels: [], firstArgument: "o", variable: "service"),
    ValueKey(kind: .call, type: "Database", name: "open", labels: ["path", nil], firstArgument: "s", variable: "db"),
    ValueKey(kind: .call, type: "", name: "makeCache", labels: [nil], firstArgument: "n", variable: ""),
    ValueKey(property: "cache", of: "Store"),
  ]

  @Test(arguments: keys, ["renamed", "_", "é", ""])
  func namingReplacesOnlyTheVariable(key: ValueKey, variable: String) {
    var expected = key
    expected.variable = variable
    #expect(WrittenKey.value(key).naming(variable) == .value(expected))
  }

  @Test func namingLeavesSpelledKeysAlone() {
    #expect(WrittenKey.spelled("Service").naming("service") == .spelled("Service"))
    #expect(WrittenKey.spelled("\\.flag").naming("flag") == .spelled("\\.flag"))
  }

  @Test func wrappedKeysKeepTheirWrappingWhenNamed() {
    let named = WrittenKey.value(Self.keys[1]).wrapped("?").wrapped("!").naming("other")
    guard case .value(let value) = named else {
      Issue.record("a value's key stays a value when wrapped: \(named)")
      return
    }
    #expect(value.wrapping == "?!")
    #expect(value.variable == "other")
  }

  @Test func wrappingASpelledKeyAppliesAtOnce() {
    #expect(WrittenKey.spelled("Config").wrapped("?") == .spelled("Config?"))
    #expect(WrittenKey.spelled("any Store").wrapped("?") == .spelled("(any Store)?"))
    #expect(WrittenKey.spelled("(any Store)?").wrapped("!") == .spelled("any Store"))
    #expect(WrittenKey.spelled("Config?").wrapped("?") == .spelled("Config?"))
  }

  @Test(arguments: keys)
  func aCachedKeyReadsBackWithEveryField(key: ValueKey) throws {
    var wrapped = key
    wrapped.wrapping = "?!"
    for written in [WrittenKey.value(key), .value(wrapped), .spelled(key.type)] {
      var writer = CacheWriter()
      writer.write(written)
      var reader = CacheReader(writer.bytes, from: 0, file: 0)
      #expect(try reader.read() as WrittenKey == written)
    }
  }

  /// Provisions after an `#if` are listed in this order: values of other files' declarations
  /// before spelled keys, as when they were encoded behind a U+0001.
  @Test func valuesSortBeforeSpelledKeys() {
    let sorted = [WrittenKey.spelled("Analytics"), .value(Self.keys[0]), .spelled("\\.flag")].sorted()
    #expect(sorted.first == .value(Self.keys[0]))
  }
}
#endif
