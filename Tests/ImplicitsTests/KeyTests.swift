import Testing

@_spi(Unsafe) @testable import Implicits

@Suite struct KeyTests {
  @Test func namedKeysAreDistinctFromEachOtherAndFromTypeKeys() {
    withScope { _ in
      @Implicit(\.discount) var discount = 0.25
      @Implicit var plain = 3.5
      @Implicit(\.userName) var userName = "ada"
      @Implicit(\.discount) var readDiscount: Double
      @Implicit var readPlain: Double
      #expect(readDiscount == 0.25)
      #expect(readPlain == 3.5)
      #expect(ImplicitScope.read(\.userName) == "ada")
    }
  }

  @Test func manualNamedKeyFormWorksWithoutPluginOrMacro() {
    withScope { _ in
      @Implicit(\.darkMode) var darkMode = true
      @Implicit(DarkModeKey.self) var byType: Bool
      #expect(byType)
      #expect(ImplicitScope.read(\.darkMode) == true)
    }
  }

  @Test func typeImplicitKeyIsTheTypeKeyOfItsValue() {
    #expect(TypeImplicitKey<Wallet>._implicitsKeyIdentity == Wallet.self)
    #expect(ImplicitKey<Bool, DarkModeKey>._implicitsKeyIdentity != Bool.self)
    withScope { _ in
      @Implicit(TypeImplicitKey<Wallet>.self) var wallet = Wallet(balance: 4)
      @Implicit var read: Wallet
      #expect(read.balance == 4)
    }
  }

  @Test func explicitTypeKeyDeclaresUnderThatType() {
    withScope { _ in
      @Implicit((any CustomStringConvertible).self) var described = 42 as any CustomStringConvertible
      @Implicit((any CustomStringConvertible).self) var read
      #expect(read.description == "42")
      #expect(ImplicitScope.read(Int.self) == nil)
    }
  }

  @Test func readWithoutParenthesesInfersTheKeyFromTheDeclaredType() {
    withScope { _ in
      @Implicit var settings = Settings(darkMode: true, locale: "fr")
      @Implicit var read: Settings
      @Implicit() var readWithParentheses: Settings
      #expect(read == readWithParentheses)
    }
  }

  @Test func identifiersPrintAsSourceNames() {
    #expect(ImplicitKeyIdentifier(type: Wallet.self).description == "ImplicitsTests.Wallet")
    #expect(ImplicitKeyIdentifier(\.discount).description == "discount")
    #expect(ImplicitKeyIdentifier(\.darkMode).description == "DarkModeKey")
    #expect(Implicits.getRawKey(\.discount) == ImplicitKeyIdentifier(\.discount))
    #expect(Implicits.getRawKey(Wallet.self) != Implicits.getRawKey(Logger.self))
  }

  @Test func valuesOfEveryRepresentationRoundTrip() {
    // Trivial word, class reference, existential, large struct, optional, closure.
    withScope { _ in
      @Implicit var small: UInt8 = 7
      @Implicit var object = Logger("ref")
      @Implicit var large = Settings(darkMode: false, locale: "en_US")
      @Implicit var optional: Int? = nil
      @Implicit var closure: @Sendable (Int) -> Int = { $0 * 2 }
      @Implicit var array = [1, 2, 3]
      #expect(ImplicitScope.read(UInt8.self) == 7)
      #expect(ImplicitScope.read(Logger.self)?.name == "ref")
      #expect(ImplicitScope.read(Settings.self)?.locale == "en_US")
      #expect(ImplicitScope.read(Int?.self) == .some(nil))
      #expect(ImplicitScope.read((@Sendable (Int) -> Int).self)?(21) == 42)
      #expect(ImplicitScope.read([Int].self) == [1, 2, 3])
    }
  }
}
