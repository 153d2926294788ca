import Testing

@testable import Implicits

@Suite struct MapTests {
  @Test func mapsBetweenEveryKindOfKey() {
    withScope { _ in
      @Implicit var settings = Settings(darkMode: true, locale: "de")
      @Implicit(\.discount) var discount = 0.2

      Implicit.map(Settings.self, to: \.darkMode) { $0.darkMode }  // type → named
      Implicit.map(Settings.self, to: String.self) { $0.locale }  // type → type
      Implicit.map(\.discount, to: \.userName) { "\($0)" }  // named → named
      Implicit.map(\.discount, to: Int.self) { Int($0 * 100) }  // named → type

      #expect(ImplicitScope.read(\.darkMode) == true)
      #expect(ImplicitScope.read(String.self) == "de")
      #expect(ImplicitScope.read(\.userName) == "0.2")
      #expect(ImplicitScope.read(Int.self) == 20)
    }
  }

  @Test func mappedValuesEndWithTheirScope() {
    withScope { outer in
      @Implicit var wallet = Wallet(balance: 10)
      withScope(nesting: outer) { _ in
        Implicit.map(Wallet.self, to: Int.self) { $0.balance }
        #expect(ImplicitScope.read(Int.self) == 10)
      }
      #expect(ImplicitScope.read(Int.self) == nil)
    }
  }
}
