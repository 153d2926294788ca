#if ImplicitsAnalysis
import SwiftSyntax

/// What both per-file passes share while walking one file: where things are, and the two
/// tables whose indices they hand each other (body nodes and bag sites: a function's node
/// is made by the declarations pass and filled by the effects pass; a stored bag's site
/// the other way round). Each pass returns the rest of what it finds
/// (`FileDeclarations`, `FileEffects`), and `FileAnalyzer` assembles the `FileSummary`.
final class FileContext {
  let index: Int32
  let lines: LineTable
  let conditions: ConditionEvaluator

  /// Body nodes, by index; their effects are in `FileEffects.bodies`.
  private(set) var nodes: [BodyNode] = []
  private(set) var bagSites: [BagSite] = []
  /// Bodies still to walk for effects, in the order their nodes were created.
  var pendingBodies: [PendingBody] = []
  /// Named closure wrappers called in a stored property's initial value → the bag site
  /// the type's initializers capture.
  var storedWrapperSites: [SyntaxIdentifier: Int] = [:]

  struct PendingBody {
    var node: Int
    var statements: [CodeBlockItemSyntax]
    /// The initial value of a stored or lazy property, walked after the statements.
    var initialValue: ExprSyntax? = nil
    var scopeParameter: String?
    var typeName: String?
    var parameterTypes: [String: String]
    /// Parameters (the scope's aside) → the key of their value (`NameKeys.parameterKey`).
    var parameterKeys: [String: KeyName] = [:]
    /// Parameters holding closures that take a scope: name → parameter index.
    var scopeClosures: [String: Int] = [:]
    /// A closure parameter that may be a scope (`{ scope in … }`, type not written).
    var tentativeScope: String? = nil
    /// Parameters of type `Implicits`: name → parameter index.
    var bagParameters: [String: Int] = [:]
    var returnType: String? = nil
    /// Generic parameters of the function and its enclosing types: keys naming them
    /// cannot be known.
    var genericParameters: Set<String> = []
    /// An `async` function: code in it runs in a task.
    var isAsync = false
    /// A static (or `class`) member.
    var isStatic = false
  }

  init(index: Int32, lines: LineTable, conditions: ConditionEvaluator) {
    self.index = index
    self.lines = lines
    self.conditions = conditions
  }

  func location(of node: some SyntaxProtocol) -> SourceLoc {
    lines.location(ofUTF8Offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol) -> Diagnostic {
    .error(id, message, at: location(of: node))
  }

  /// Registers a body node and returns its index.
  func addNode(_ node: BodyNode) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  func addBagSite(
    name: String?, _ capture: BagCapture, at node: some SyntaxProtocol, storedIn: String? = nil, wrapper: String? = nil
  ) -> Int {
    bagSites.append(BagSite(
      name: name, location: location(of: node), storedIn: storedIn, capture: capture, wrapper: wrapper))
    return bagSites.count - 1
  }
}
#endif
