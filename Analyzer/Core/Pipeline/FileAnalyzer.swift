#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// Runs the per-file passes on one source text: parse → declarations → effects → frames.
/// Independent of every other file, so files are analysed in parallel.
enum FileAnalyzer {
  enum Failure: Error, Equatable {
    case notUTF8
    case syntaxError(SourceLoc, String)
  }

  static func analyze(
    path: String, index: Int32, bytes: [UInt8], conditions: ConditionEvaluator
  ) -> Result<FileSummary, Failure> {
    guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notUTF8) }
    let lines = LineTable(file: index, utf8: bytes)
    let tree = Parser.parse(source: text)
    if tree.hasError, let bad = firstError(in: tree) {
      return .failure(.syntaxError(lines.location(ofUTF8Offset: bad.positionAfterSkippingLeadingTrivia.utf8Offset),
        bad.trimmedDescription.prefix(40).description))
    }
    let file = FileContext(path: path, index: index, lines: lines, conditions: conditions)
    let declarations = DeclarationCollector(file: file)
    declarations.walk(tree)
    addTopLevelCode(of: tree, to: file)
    EffectCollector.collectAll(in: file, declarations: declarations)
    return .success(simulate(file))
  }

  /// Statements outside any declaration (a `main.swift`) form one body without a scope.
  private static func addTopLevelCode(of tree: SourceFileSyntax, to file: FileContext) {
    let statements: [CodeBlockItemSyntax] = tree.statements.filter { item in
      guard case .decl(let decl) = item.item else { return true }
      return decl.is(VariableDeclSyntax.self)
    }
    guard !statements.isEmpty else { return }
    let node = file.addNode(BodyNode(
      kind: .topLevel, name: "top-level code", location: file.location(of: statements[0])))
    file.pendingBodies.append(.init(
      node: node, statements: statements, scopeParameter: nil,
      typeName: nil, parameterTypes: [:]))
  }

  private static func simulate(_ file: FileContext) -> FileSummary {
    var summary = file.summary
    for (index, node) in file.summary.nodes.enumerated() {
      var scopeParameter: String?
      switch node.kind {
      case .function(let function): scopeParameter = file.summary.functions[function].scopeParameter
      case .closure(let parameter): scopeParameter = parameter ?? node.tentativeScope
      case .topLevel, .accessor: break
      }
      var simulator = FrameSimulator(
        node: node, index: index, scopeParameter: scopeParameter,
        firstEntryIndex: summary.entries.count)
      simulator.run(node.effects)
      summary.contributions.append(contentsOf: simulator.contributions)
      summary.entries.append(contentsOf: simulator.entries)
      summary.restores.append(contentsOf: simulator.restores)
      summary.diagnostics.append(contentsOf: simulator.diagnostics)
    }
    return summary
  }

  /// The first missing or unexpected token: where swiftc would report the syntax error.
  private static func firstError(in tree: SourceFileSyntax) -> Syntax? {
    for token in tree.tokens(viewMode: .all)
    where token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
      return Syntax(token)
    }
    return Syntax(tree)
  }
}
#endif
