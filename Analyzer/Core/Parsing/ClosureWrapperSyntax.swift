#if ImplicitsAnalysis
import SwiftSyntax

/// A named closure wrapper, as yandex/implicits has them: a call
/// `withCheckoutImplicits { (order: Order, scope) in … }` of an undeclared function named
/// `with<Name>Implicits` (`RuntimeCall.closureWrapper`), with a closure taking the scope last. The
/// support file generates the function: it captures a bag of what the closure's body needs
/// where it is called, and returns an escaping closure of the other parameters that
/// restores it around the body.
struct ClosureWrapperCall {
  /// `withCheckoutImplicits`.
  var name: String
  var closure: ClosureExprSyntax
  /// The scope parameter's name (`$N` when the closure names none).
  var scopeName: String
  var signature: Signature

  /// What the generated function's signature follows.
  struct Signature: Hashable, Sendable {
    /// The closure's parameters before the scope.
    var leadingParameters: Int
    /// The closure is `async` (written so, or it awaits).
    var isAsync: Bool
    /// The closure throws (written so, or a `try` or `throw` in it is not caught in it).
    var isThrowing: Bool
    /// The closure is written `@Sendable`: so is the closure the wrapper returns.
    var isSendable: Bool
  }

  /// The wrapper `name` called with `closure` (`RuntimeCall.closureWrapper`).
  init(name: String, closure: ClosureExprSyntax) {
    self.name = name
    self.closure = closure
    let names = ClosureSignature.parameterNames(of: closure)
    let leading: Int
    if names.isEmpty {
      // `{ reload($0) }`: the highest `$N` used is the scope.
      leading = closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token -> Int? in
        guard case .dollarIdentifier(let text) = token.tokenKind else { return nil }
        return Int(text.dropFirst())
      }.max() ?? 0
      scopeName = "$\(leading)"
    } else {
      leading = names.count - 1
      scopeName = names[names.count - 1]
    }
    signature = Signature(
      leadingParameters: leading,
      isAsync: ClosureSignature.isAsync(closure) || Self.awaits(closure.statements),
      isThrowing: closure.signature?.effectSpecifiers?.throwsClause != nil || Self.throwsOut(closure.statements),
      isSendable: (closure.signature?.attributes).elements.contains {
        if case .attribute(let attribute) = $0 { return SyntaxFacts.isNamed(attribute.attributeName, "Sendable") }
        return false
      })
  }

  /// An `await` (or `async let`) in the body, outside closures nested in it.
  private static func awaits(_ statements: CodeBlockItemListSyntax) -> Bool {
    final class AwaitFinder: SyntaxVisitor {
      var found = false
      override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) { found = true }
        return .visitChildren
      }
    }
    let finder = AwaitFinder(viewMode: .sourceAccurate)
    finder.walk(statements)
    return finder.found
  }
}

extension ClosureWrapperCall {
  /// A `try` (not `try?`/`try!`) or `throw` outside nested closures and outside `do`
  /// blocks that catch everything. (Typed throws with a generic error type would infer
  /// this instead, but swiftc 6.3 crashes converting such a closure to a `@Sendable` one.)
  fileprivate static func throwsOut(_ statements: CodeBlockItemListSyntax) -> Bool {
    final class ThrowFinder: SyntaxVisitor {
      var found = false
      override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { found = true }
        return .visitChildren
      }
      override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
      }
      override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        // `do { try … } catch { … }`: only the catch clauses may throw out.
        guard node.catchClauses.contains(where: { $0.catchItems.isEmpty }) else { return .visitChildren }
        for clause in node.catchClauses { walk(clause.body) }
        return .skipChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let finder = ThrowFinder(viewMode: .sourceAccurate)
    finder.walk(statements)
    return finder.found
  }
}

/// One call of a named closure wrapper, for the support file and the module-wide checks.
struct ClosureWrapperSite: Sendable {
  var name: String
  var location: SourceLoc
  var signature: ClosureWrapperCall.Signature
  /// The bag site (of the same file) the wrapper captures.
  var bagSite: Int
  /// Called where no scope is open (`closure-wrapper-outside-scope`).
  var isOutsideScope = false
  /// The end of the call: diagnostics up to here are about the wrapped closure.
  var end: SourceLoc
}
#endif
