#if ImplicitsAnalysis
import SwiftSyntax

/// Statements that always run one of their blocks: `if … else`, `switch`, `do … catch`
/// (and `repeat`, whose body runs at least once).
///
/// A declaration made in a nested block stays declared after it at run time (it goes to
/// the frame on top, which the block does not end), but a block may not run, so what it
/// provides does not survive it (`enterBranch`). When a statement always runs one of its
/// blocks, what *every* block that can reach the statement's end provides is declared on
/// every path through it:
///
/// ```swift
/// if useMock { @Implicit var api: any API = MockAPI() } else { @Implicit var api: any API = LiveAPI() }
/// load(scope)   // reads `any API`: declared on both paths
/// ```
///
/// The walk records each block as a branch, as before, and then `.joinBranches`, which the
/// frame simulator turns into the provisions common to the blocks that reach the end. A
/// `do` body's provisions join its `catch` blocks': a `catch` runs after a prefix of the
/// body, which the simulator's snapshot (taken before the body) under-approximates.
extension EffectCollector {
  func walkAlternatives(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    guard let elseBody = node.elseBody, !Self.isLabeled(node) else { return .visitChildren }
    walk(node.conditions)
    walk(node.body)
    var reaching = [Self.reachesEnd(node.body.statements, breakLeaves: true)]
    switch elseBody {
    case .codeBlock(let block):
      walk(block)
      reaching.append(Self.reachesEnd(block.statements, breakLeaves: true))
    case .ifExpr(let next):
      // `else if`: its own alternatives join inside a branch of this statement.
      _ = enterBranch()
      walk(next)
      exitBranch()
      reaching.append(true)
    }
    join(reaching)
    return .skipChildren
  }

  func walkAlternatives(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    // A `#if` among the cases makes the set of cases depend on the configuration; a
    // `break` before a case's end leaves the switch with what was declared until then.
    guard !Self.isLabeled(node) else { return .visitChildren }
    var cases: [SwitchCaseSyntax] = []
    for element in node.cases {
      guard case .switchCase(let switchCase) = element, !Self.leavesEarly(switchCase.statements) else {
        return .visitChildren
      }
      cases.append(switchCase)
    }
    walk(node.subject)
    for switchCase in cases { walk(switchCase) }
    // Swift's switches are exhaustive: one case always runs. An unlabeled `break` ends
    // only the `switch`, so that case reaches its end; `fallthrough` goes on in the next.
    join(cases.map { Self.reachesEnd($0.statements, breakLeaves: false) })
    return .skipChildren
  }

  func walkAlternatives(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
    guard !Self.isLabeled(node) else { return .visitChildren }
    walk(node.body)
    var reaching = [Self.reachesEnd(node.body.statements, breakLeaves: true)]
    for clause in node.catchClauses {
      walk(clause)
      reaching.append(Self.reachesEnd(clause.body.statements, breakLeaves: true))
    }
    join(reaching)
    return .skipChildren
  }

  /// `repeat { … } while …` runs its body at least once; a `continue` or `break` in it
  /// may leave it early, and then only what came before counts.
  func walkAlternatives(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
    guard !Self.isLabeled(node), !Self.leavesEarly(node.body.statements, allowingLast: false) else {
      return .visitChildren
    }
    walk(node.body)
    join([Self.reachesEnd(node.body.statements, breakLeaves: true)])
    walk(node.condition)
    return .skipChildren
  }

  private func join(_ reaching: [Bool]) {
    guard reaching.count <= UInt64.bitWidth else { return }
    var mask: UInt64 = 0
    for (index, reaches) in reaching.enumerated() where reaches { mask |= 1 << UInt64(index) }
    effects.append(.joinBranches(arms: reaching.count, reaching: mask))
  }

  /// A labeled statement can be left from inside by `break label`, without reaching the
  /// end of the block it was in.
  private static func isLabeled(_ node: some SyntaxProtocol) -> Bool {
    node.parent?.is(LabeledStmtSyntax.self) == true || node.parent?.parent?.is(LabeledStmtSyntax.self) == true
  }

  /// Whether the statements hold a `break`, `continue` or `fallthrough` other than their
  /// last statement (`allowingLast`), anywhere inside: one in a nested loop would be
  /// harmless, but telling it apart is not worth it (the join is then only not made).
  private static func leavesEarly(_ statements: CodeBlockItemListSyntax, allowingLast: Bool = true) -> Bool {
    var count = 0
    for token in statements.tokens(viewMode: .sourceAccurate) {
      switch token.tokenKind {
      case .keyword(.break), .keyword(.continue), .keyword(.fallthrough): count += 1
      default: continue
      }
    }
    guard allowingLast, let item = statements.last?.item, let last = Syntax(item).as(StmtSyntax.self),
      last.is(BreakStmtSyntax.self) || last.is(FallThroughStmtSyntax.self) || last.is(ContinueStmtSyntax.self)
    else { return count > 0 }
    return count > 1
  }

  /// The standard library's functions that stop the program (`Never`): a block that ends
  /// calling one does not reach the end (`@unknown default: fatalError()`).
  private static let neverReturning: Set<String> = ["fatalError", "preconditionFailure"]

  /// Whether control can leave the block through its end: not when its last statement
  /// leaves the statement around it (`return`, `throw`, `continue`, `fallthrough`, and
  /// `break` where it leaves more than a `switch`) or stops the program. Anything else
  /// reaches the end, which only keeps the join smaller.
  private static func reachesEnd(_ statements: CodeBlockItemListSyntax, breakLeaves: Bool) -> Bool {
    guard let item = statements.last?.item else { return true }
    if let call = Syntax(item).as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      neverReturning.contains(name)
    {
      return false
    }
    guard let last = Syntax(item).as(StmtSyntax.self) else { return true }
    if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(ContinueStmtSyntax.self)
      || last.is(FallThroughStmtSyntax.self)
    {
      return false
    }
    if let breakStatement = last.as(BreakStmtSyntax.self) {
      return !(breakLeaves || breakStatement.label != nil)
    }
    return true
  }
}
#endif
