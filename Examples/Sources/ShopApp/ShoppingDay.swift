import Implicits
import ShopCore
import ShopFeatures

/// The day's story: a member, a guest, a "buy again" button and a rush hour.
enum ShoppingDay {
  static func run(_ scope: ImplicitScope) async {
    @Implicit var logger: Logger

    logger.log("shop", "open; the visible implicits are \(ImplicitScope.dumpCurrent().keys)")
    let reorder = await serveMember(scope)

    await withScope(nesting: scope) { scope in
      // A guest: no discount declared, so checkout reads the key's default (0).
      @Implicit(\.customerName) var customer = "Grace"
      await serveGuest(scope)
    }

    logger.log("shop", "Ada presses \"buy again\"; the scope that made the button has ended")
    do {
      let receipt = try await reorder()
      logger.log("shop", "reorder done: \(receipt.summary)")
    } catch {
      logger.log("shop", "reorder failed: \(error)")
    }

    logger.log("shop", "rush hour: three customers at once")
    let outcomes = await serveRushHour(
      [
        Order(customer: "Alan", items: [("MUG", 2)]),
        Order(customer: "Barbara", memberDiscount: 5, items: [("FILTER", 3), ("BEANS", 1)]),
        Order(customer: "Edsger", items: [("GRINDER", 1)]),
      ], scope)
    for outcome in outcomes { logger.indented().log("rush hour", outcome) }

    @Implicit var history: OrderHistory
    @Implicit(\.currency) var currency: Currency
    logger.log("shop", "closed: \(await history.summary(currency.format))")
  }

  /// Ada is a member: 10 % off. Returns her "buy again" button.
  static func serveMember(_ scope: ImplicitScope) async -> @Sendable () async throws -> Receipt {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.customerName) var customer = "Ada"
    @Implicit(\.memberDiscount) var memberDiscount = 10
    @Implicit var logger: Logger
    @Implicit var history: OrderHistory

    logger.log("shop", "\(customer) comes in (member, \(memberDiscount) % off)")
    let cart = CartComponent(scope)
    cart.add("BEANS", quantity: 2, scope)
    cart.add("FILTER", scope)
    cart.add("TEAPOT", scope)
    do {
      let receipt = try await Checkout(scope).pay(for: cart.cart, scope)
      await history.record(receipt)
    } catch {
      logger.log("shop", "\(customer) could not pay: \(error)")
    }
    return makeReorderAction(of: cart.cart, scope)
  }

  /// Grace is a guest and wants more grinders than there are.
  static func serveGuest(_ scope: ImplicitScope) async {
    @Implicit(\.customerName) var customer: String
    @Implicit var logger: Logger
    logger.log("shop", "\(customer) comes in (guest)")
    let cart = CartComponent(scope)
    cart.add("GRINDER", quantity: 2, scope)
    do {
      _ = try await Checkout(scope).pay(for: cart.cart, scope)
    } catch {
      logger.log("shop", "\(customer) could not pay: \(error)")
    }
  }
}
