import Implicits
import ShopCore

/// A "buy again" action for later, after the scope that made it has ended.
///
/// The action takes the implicits it will need with it: `#implicits` captures them when
/// the action is made, `withScope(with:)` restores them when it runs. With the analysis
/// plugin the bag holds exactly what `Checkout` needs; without it, everything visible.
public func makeReorderAction(
  of cart: Cart, _ scope: ImplicitScope
) -> @Sendable () async throws -> Receipt {
  @Implicit var logger: Logger
  let implicits = #implicits
  logger.log("reorder", "the \"buy again\" button carries \(implicits.keys)")
  return {
    try await withScope(with: implicits) { scope in
      try await Checkout(scope).pay(for: cart, scope)
    }
  }
}
