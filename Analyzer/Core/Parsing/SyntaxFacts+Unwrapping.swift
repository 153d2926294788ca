#if ImplicitsAnalysis
import SwiftSyntax

extension SyntaxFacts {
  /// `store` of `store?`, `store!`, `store?!`: the value an optional chain or a force unwrap
  /// reads. A callee, a receiver or an argument is judged by that value, whether or not it
  /// is optional.
  static func unwrappingOptionals(_ expr: ExprSyntax) -> ExprSyntax {
    var expr = expr
    while let inner = expr.as(OptionalChainingExprSyntax.self)?.expression ?? expr.as(ForceUnwrapExprSyntax.self)?.expression {
      expr = inner
    }
    return expr
  }

  /// `make()` of `try await make()`, `try? make()`: `try` and `await` change neither what
  /// is called nor what it returns when it returns.
  static func underTryAndAwait(_ expr: ExprSyntax) -> ExprSyntax {
    var expr = expr
    while let inner = expr.as(TryExprSyntax.self)?.expression ?? expr.as(AwaitExprSyntax.self)?.expression {
      expr = inner
    }
    return expr
  }
}
#endif
