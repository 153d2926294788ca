#if ImplicitsAnalysis
import SwiftSyntax

/// Three-valued truth for `#if` conditions: the analyzer knows the `--define`d flags
/// but not the platform, so `os(...)`, `canImport(...)` and friends stay unknown.
enum Truth: Sendable {
  case yes, no, unknown

  static prefix func ! (t: Truth) -> Truth {
    switch t {
    case .yes: .no
    case .no: .yes
    case .unknown: .unknown
    }
  }
  static func && (a: Truth, b: Truth) -> Truth {
    if a == .no || b == .no { return .no }
    if a == .yes && b == .yes { return .yes }
    return .unknown
  }
  static func || (a: Truth, b: Truth) -> Truth {
    if a == .yes || b == .yes { return .yes }
    if a == .no && b == .no { return .no }
    return .unknown
  }
}

/// Picks the `#if` clauses that are compiled under the active conditions.
struct ConditionEvaluator: Sendable {
  let defines: Set<String>
  /// Undecided conditions taken as holding or not, by their text (`os(iOS)`, `DEBUG`):
  /// one build configuration (see `BuildConfigurations`).
  var assumptions: [String: Bool] = [:]

  init(defines: Set<String>, assumptions: [String: Bool] = [:]) {
    self.defines = defines
    self.assumptions = assumptions
  }

  /// Set by the build configuration rather than by the target's settings.
  static let buildConfigurationFlags: Set<String> = ["DEBUG"]

  /// The clauses that may be compiled, each with whether that is certain.
  func activeClauses(of decl: IfConfigDeclSyntax) -> [(clause: IfConfigClauseSyntax, certain: Bool)] {
    possibleClauses(of: decl).clauses
  }

  /// The clauses that may be compiled, and whether one of them surely is (an `#else`, or
  /// a condition known to hold), so that what all of them do surely happens.
  func possibleClauses(of decl: IfConfigDeclSyntax)
    -> (clauses: [(clause: IfConfigClauseSyntax, certain: Bool)], exhaustive: Bool)
  {
    var result: [(IfConfigClauseSyntax, Bool)] = []
    var sawUnknown = false
    for clause in decl.clauses {
      let truth = clause.condition.map(evaluate) ?? .yes
      // A clause that does not parse is for another compiler: not compiled here.
      // (Nor under an assumption: only a condition that surely holds makes it compiled.)
      if clause.elements?.hasError == true,
        truth != .yes || (!assumptions.isEmpty && clause.condition.map(ConditionEvaluator(defines: defines).evaluate) != .yes)
      {
        continue
      }
      switch truth {
      case .no: continue
      case .yes:
        result.append((clause, !sawUnknown))
        return (result, true)
      case .unknown:
        sawUnknown = true
        result.append((clause, false))
      }
    }
    return (result, false)
  }

  /// Whether `node` sits in an `#if` clause that may not be compiled.
  func mayBeSkipped(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current {
      if let clause = parent.as(IfConfigClauseSyntax.self), let decl = clause.parent?.parent?.as(IfConfigDeclSyntax.self) {
        guard let entry = possibleClauses(of: decl).clauses.first(where: { $0.clause.id == clause.id }),
          entry.certain
        else { return true }
      }
      current = parent.parent
    }
    return false
  }

  func evaluate(_ expr: ExprSyntax) -> Truth {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      if defines.contains(name) { return .yes }
      // Build tools do not say whether this is a debug build: both branches may compile.
      guard Self.buildConfigurationFlags.contains(name) else { return .no }
      return assumed(name)
    }
    if let literal = expr.as(BooleanLiteralExprSyntax.self) {
      return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
    }
    if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return !evaluate(prefix.expression)
    }
    if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return evaluate(only.expression)
    }
    if let infix = expr.as(InfixOperatorExprSyntax.self),
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)
    {
      return combine(evaluate(infix.leftOperand), op.operator.text, evaluate(infix.rightOperand))
    }
    if let sequence = expr.as(SequenceExprSyntax.self) {
      return evaluate(sequence: Array(sequence.elements))
    }
    // os(), arch(), canImport(), swift(), compiler(), targetEnvironment(), hasFeature()…
    return assumptions.isEmpty ? .unknown : assumed(Self.text(of: expr))
  }

  /// A condition's text as it names the condition: its tokens without the whitespace and
  /// comments between them (a space after `,` and `:`), so that `os( iOS )` in one file or
  /// module and `os(iOS)` in another are one condition, taken the same way in each
  /// configuration.
  static func text(of expr: ExprSyntax) -> String {
    var text = ""
    for token in expr.tokens(viewMode: .sourceAccurate) {
      text += token.text
      if token.tokenKind == .comma || token.tokenKind == .colon { text += " " }
    }
    return text
  }

  private func assumed(_ condition: String) -> Truth {
    guard let holds = assumptions[condition] else { return .unknown }
    return holds ? .yes : .no
  }

  /// The undecided conditions `expr` is made of (`os(iOS)`, `DEBUG`), by their text.
  func undecidedConditions(in expr: ExprSyntax) -> [String] {
    if let prefix = expr.as(PrefixOperatorExprSyntax.self) { return undecidedConditions(in: prefix.expression) }
    if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return undecidedConditions(in: only.expression)
    }
    if let infix = expr.as(InfixOperatorExprSyntax.self) {
      return undecidedConditions(in: infix.leftOperand) + undecidedConditions(in: infix.rightOperand)
    }
    if let sequence = expr.as(SequenceExprSyntax.self) {
      return sequence.elements.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }.flatMap(undecidedConditions)
    }
    return evaluate(expr) == .unknown ? [Self.text(of: expr)] : []
  }

  /// `&&` binds tighter than `||` in an unfolded sequence.
  private func evaluate(sequence elements: [ExprSyntax]) -> Truth {
    var disjunction: Truth = .no
    var conjunction: Truth = .yes
    var index = 0
    while index < elements.count {
      conjunction = conjunction && evaluate(elements[index])
      let op = index + 1 < elements.count
        ? elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
      if op != "&&" {
        disjunction = disjunction || conjunction
        conjunction = .yes
      }
      index += 2
    }
    return disjunction
  }

  private func combine(_ a: Truth, _ op: String, _ b: Truth) -> Truth {
    switch op {
    case "&&": a && b
    case "||": a || b
    default: .unknown
    }
  }
}
#endif
