import Implicits
import ShopCore

/// A "buy again" action for later, after the scope that made it has ended.
///
/// The closure takes the implicits it will need with it: `#implicits` captures them when
/// the closure is made, `withScope(with:)` restores them when it runs. With the analysis
/// plugin the bag holds exactly what `Checkout` needs; without it, everything visible.
public func makeReorderAction(
  of cart: Cart, _ scope: ImplicitScope
) -> @Sendable () async throws -> Receipt {
  { [implicits = #implicits] in
    try await withScope(with: implicits) { scope in
      try await Checkout(scope).pay(for: cart, scope)
    }
  }
}
