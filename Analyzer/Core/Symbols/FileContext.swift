#if ImplicitsAnalysis
import SwiftSyntax

/// The mutable state the per-file passes fill in while walking one file; turned into a
/// plain `FileSummary` when they are done.
final class FileContext {
  let index: Int32
  let lines: LineTable
  let conditions: ConditionEvaluator

  /// What the passes found so far; the frame simulation completes it.
  var summary: FileSummary
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

  init(path: String, index: Int32, lines: LineTable, conditions: ConditionEvaluator) {
    self.summary = FileSummary(path: path)
    self.index = index
    self.lines = lines
    self.conditions = conditions
  }

  /// Stored properties of type `ImplicitScope` of each type declared in this file (the
  /// declarations pass is complete when bodies are read).
  private(set) lazy var scopeProperties: [String: Set<String>] = {
    var result: [String: Set<String>] = [:]
    for type in summary.types {
      for (name, propertyType) in type.propertyTypes {
        if ScopeType.isScope(spelling: propertyType) { result[type.name, default: []].insert(name) }
      }
    }
    return result
  }()

  func location(of node: some SyntaxProtocol) -> SourceLoc {
    lines.location(ofUTF8Offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol) {
    summary.diagnostics.append(.error(id, message, at: location(of: node)))
  }

  /// Whether the file declares a function named `name` (at any level).
  func declaresFunction(_ name: String) -> Bool {
    summary.functions.contains { $0.baseName == name }
  }

  /// Registers a body node and returns its index.
  func addNode(_ node: BodyNode) -> Int {
    summary.nodes.append(node)
    return summary.nodes.count - 1
  }

  func addBagSite(
    name: String?, _ capture: BagCapture, at node: some SyntaxProtocol, storedIn: String? = nil, wrapper: String? = nil
  ) -> Int {
    summary.bagSites.append(BagSite(
      name: name, location: location(of: node), storedIn: storedIn, capture: capture, wrapper: wrapper))
    return summary.bagSites.count - 1
  }
}
#endif
