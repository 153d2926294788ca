import Testing

@testable import Implicits

/// A tag for a key declared as `ImplicitKey<Value, Tag>` directly, as yandex/implicits code does.
enum IDTag {}
typealias IDKey = ImplicitKey<Int, IDTag>

@Suite struct DumpTests {
  @Test func readingAMissingTaggedKeySuggestsDeclaringItByItsKeyType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit(IDKey.self) var id: Int
      _ = id
    }
    let text = standardError(of: result)
    #expect(text.contains("no implicit value for key 'ImplicitsTests.IDTag'"))
    #expect(text.contains("@Implicit(Implicits.ImplicitKey<Swift.Int, ImplicitsTests.IDTag>.self) var value"))
  }

  @Test func aKeyWithAnExplicitTagIsNamedByItsModuleQualifiedTag() {
    withScope { _ in
      @Implicit(IDKey.self) var id = 7
      @Implicit(\.discount) var discount = 0.1
      #expect(ImplicitScope.dumpCurrent().keys == ["ImplicitsTests.IDTag", "discount"])
      #expect(ImplicitKeyIdentifier(type: Wallet.self).description == "ImplicitsTests.Wallet")
    }
  }

  @Test func dumpListsSortedKeysWithValuesAndDeclarationSites() {
    withScope { scope in
      @Implicit var wallet = Wallet(balance: 5)
      let discountLine = #line + 1
      @Implicit(\.discount) var discount = 0.3
      let inner = scope.nested()
      @Implicit var logger = Logger("net")
      let dump = ImplicitScope.dumpCurrent()
      #expect(dump.keys == ["ImplicitsTests.Logger", "ImplicitsTests.Wallet", "discount"])
      #expect(dump[like: "WALL"].keys == ["ImplicitsTests.Wallet"])
      #expect(dump[like: "zzz"].isEmpty)
      let entry = dump.entries.first { $0.key == "discount" }!
      #expect(entry.value as? Double == 0.3)
      #expect(entry.location?.hasPrefix("ImplicitsTests/DumpTests.swift:") == true)
      let walletEntry = dump.entries.first { $0.key.hasSuffix("Wallet") }!
      let loggerEntry = dump.entries.first { $0.key.hasSuffix("Logger") }!
      #expect(loggerEntry.frame == walletEntry.frame.map { $0 + 1 })
      #expect(dump.description.contains("discount = 0.3"))
      // The line README's *Debugging* shows: `key = value  (Module/File.swift:line, frame n)`.
      #expect(entry.description == "discount = 0.3  (ImplicitsTests/DumpTests.swift:\(discountLine), frame 0)")
      let pairs = Array(dump)
      #expect(pairs.count == 3 && pairs[2].key == "discount")
      inner.end()
    }
    #expect(ImplicitScope.dumpCurrent().isEmpty)
  }

  @Test func anAssignedValueHasNoMisleadingLocation() {
    withScope { _ in
      @Implicit var wallet = Wallet(balance: 1)
      wallet = Wallet(balance: 2)
      let entry = ImplicitScope.dumpCurrent().entries.first!
      #expect(entry.value as? Wallet == Wallet(balance: 2))
      #expect(entry.location == nil)
    }
  }

  @Test func dumpOnAThreadShowsTheThreadsValues() {
    let keys = onThread { () -> [String] in
      let scope = ImplicitScope()
      @Implicit var wallet = Wallet(balance: 1)
      defer { scope.end() }
      return ImplicitScope.dumpCurrent().keys
    }
    #expect(keys == ["ImplicitsTests.Wallet"])
  }
}
