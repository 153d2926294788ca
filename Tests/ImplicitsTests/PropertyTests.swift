import Testing

@testable import Implicits

final class CheckoutModel {
  @Implicit() var wallet: Wallet
  @Implicit var logger: Logger
  @Implicit(\.discount) var discount: Double
  init(_ scope: ImplicitScope) {}
}

struct PriceTag {
  @Implicit(\.discount) var discount: Double
  let price: Int
  init(_ scope: ImplicitScope, price: Int) { self.price = price }
  var total: Double { Double(price) * (1 - discount) }
}

actor Till {
  @Implicit var wallet: Wallet
  init(_ scope: ImplicitScope) {}
  func balance() -> Int { wallet.balance }
}

@Suite struct PropertyTests {
  @Test func storedPropertiesCaptureTheValueAtInit() {
    let model = withScope { scope in
      @Implicit var wallet = Wallet(balance: 100)
      @Implicit var logger = Logger("checkout")
      @Implicit(\.discount) var discount = 0.5
      return CheckoutModel(scope)
    }
    // The scope has ended; the model keeps what it captured.
    #expect(model.wallet.balance == 100)
    #expect(model.logger.name == "checkout")
    #expect(model.discount == 0.5)
    #expect(ImplicitScope.read(Wallet.self) == nil)
  }

  @Test func structsAndActorsCaptureToo() async {
    let (tag, till) = withScope { scope in
      @Implicit(\.discount) var discount = 0.25
      @Implicit var wallet = Wallet(balance: 8)
      return (PriceTag(scope, price: 100), Till(scope))
    }
    #expect(tag.total == 75)
    #expect(await till.balance() == 8)
  }

  @Test func assigningAStoredImplicitRedeclaresIt() {
    withScope { scope in
      @Implicit var wallet = Wallet(balance: 1)
      let model = CheckoutModelWithLogger(scope)
      model.wallet = Wallet(balance: 2)
      #expect(ImplicitScope.read(Wallet.self)?.balance == 2)
    }
  }
}

final class CheckoutModelWithLogger {
  @Implicit var wallet: Wallet
  init(_ scope: ImplicitScope) {}
}
