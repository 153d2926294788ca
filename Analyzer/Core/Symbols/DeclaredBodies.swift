#if ImplicitsAnalysis
import SwiftSyntax

/// The bodies the declarations pass (`DeclarationCollector`) finds, for the effects pass to
/// walk, and the bags stored in properties. Node and bag site IDs are indices here
/// (`FunctionDecl.node`, `TypeDecl.bagProperties`); the effects pass numbers what it adds
/// after them, and `FileAnalyzer.assemble` joins both. Holds syntax: never cached.
struct DeclaredBodies {
  /// Body nodes, by ID: functions, accessors, initial values, top-level code.
  private(set) var nodes: [BodyNode] = []
  /// The bodies to walk, in the order their nodes were made.
  private(set) var walks: [BodyWalk] = []
  /// Bags stored in properties, by ID.
  private(set) var bagSites: [BagSite] = []
  /// A named closure wrapper called in a stored property's initial value → the bag site
  /// the type's initializers capture.
  private(set) var storedWrapperSites: [SyntaxIdentifier: Int] = [:]

  /// The ID the next node gets.
  var nextNode: Int { nodes.count }

  /// Adds a node and returns its ID.
  @discardableResult
  mutating func add(_ node: BodyNode, walking walk: BodyWalk? = nil) -> Int {
    nodes.append(node)
    if let walk { walks.append(walk) }
    return nodes.count - 1
  }

  /// Adds a stored bag and returns its site's ID.
  mutating func add(_ site: BagSite, wrapperCall: SyntaxIdentifier? = nil) -> Int {
    bagSites.append(site)
    if let wrapperCall { storedWrapperSites[wrapperCall] = bagSites.count - 1 }
    return bagSites.count - 1
  }
}

/// A body for the effects pass to walk, and what its declaration says about the names
/// in it.
struct BodyWalk {
  var node: Int
  var statements: [CodeBlockItemSyntax]
  /// The initial value of a stored or lazy property, walked after the statements.
  var initialValue: ExprSyntax? = nil
  /// Keys read before the statements run: the stored `@Implicit` properties a local
  /// type's `init(_ scope:)` reads (`EffectCollector+LocalTypes`).
  var storedReads: [(key: KeyName, location: SourceLoc)] = []
  var scopeParameter: String?
  var typeName: String?
  var parameterTypes: [String: String]
  /// Parameters (the scope's aside) → the key of their value (`NameKeys.parameterKey`).
  var parameterKeys: [String: WrittenKey] = [:]
  /// Parameters holding closures that take a scope: name → parameter index.
  var scopeClosures: [String: Int] = [:]
  /// Every parameter: name → index.
  var parameterIndices: [String: Int] = [:]
  /// Parameters of type `Implicits`: name → parameter index.
  var bagParameters: [String: Int] = [:]
  var returnType: String? = nil
  /// Generic parameters of the function and its enclosing types: keys naming them
  /// cannot be known.
  var genericParameters: Set<String> = []
  /// Generic parameters constrained to a protocol (`<P: Plugin>` of the function or an
  /// enclosing type, `where P: Plugin`) → that protocol: `P.boot(scope)` reaches its
  /// extension's static methods.
  var genericConformances: [String: String] = [:]
  /// An `async` function: code in it runs in a task.
  var isAsync = false
  /// A static (or `class`) member.
  var isStatic = false
}
#endif
