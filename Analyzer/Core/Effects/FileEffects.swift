#if ImplicitsAnalysis
/// What the effects pass (`EffectCollector`) finds in the bodies of one file; `FileAnalyzer`
/// joins it with what the declarations pass found (`DeclaredBodies`) into the `FileSummary`.
/// The nodes, bag sites and functions this pass adds are numbered after the declarations
/// pass's, so the IDs in effects need no rewriting when both are joined.
struct FileEffects {
  /// The ID of `nodes[0]`, of `bagSites[0]`, of `localFunctions[0]`.
  let firstNode: Int
  let firstBagSite: Int
  let firstFunction: Int
  /// What each body of the declarations pass does, in source order: node → effects.
  var declaredBodies: [Int: [Effect]] = [:]
  /// Closures and local functions, with their effects.
  private(set) var nodes: [BodyNode] = []
  /// Bags captured in bodies.
  private(set) var bagSites: [BagSite] = []
  /// Functions declared inside bodies.
  private(set) var localFunctions: [FunctionDecl] = []
  /// The bodies of `localFunctions`, still to walk (empty once the pass returns).
  var localBodies: [BodyWalk] = []
  /// `self.implicits = #implicits` in a body of a type.
  var assignedBags: [AssignedBag] = []
  /// `archive.onTap = feed.onTap` in a body.
  var closureCopies: [ClosureCopy] = []
  /// Functions named as values: the closure node standing for each → its call.
  var functionValues: [Int: CallSite] = [:]
  /// `handler = compose(route)` in a body.
  var propertyWrites: [PropertyWrite] = []
  var bagPasses: [BagPass] = []
  /// Calls of named closure wrappers.
  var closureWrappers: [ClosureWrapperSite] = []
  var diagnostics: [Diagnostic] = []
  /// Local closure constants written with a type that may be an alias (`let route: Handler
  /// = { (request: Request, scope: ImplicitScope) in … }`): node → that name, for the
  /// `ComposedChain` they start (not part of the summary).
  var localClosureTypes: [Int: String] = [:]
  /// A local function's closure → the closure of the local function of the same name
  /// declared before it in the same block (`show(_ x: Int)`, `show(_ x: String)`): a call
  /// by that name runs each of them, since only the arguments' types tell which it is.
  var earlierOverloads: [Int: Int] = [:]
  /// How many types of each name the file declares inside bodies (`LocalTypeNames`):
  /// counted once, when the first is met (not part of the summary).
  var localTypeNames: [String: Int]?

  init(after declared: DeclaredBodies, functions: Int) {
    firstNode = declared.nodes.count
    firstBagSite = declared.bagSites.count
    firstFunction = functions
  }

  /// Nothing, numbered from 0: what a collector holds while another has the findings
  /// (`EffectCollector.handOver`).
  init() {
    firstNode = 0
    firstBagSite = 0
    firstFunction = 0
  }

  var nextNode: Int { firstNode + nodes.count }
  var nextFunction: Int { firstFunction + localFunctions.count }

  /// Adds a node and returns its ID.
  mutating func add(_ node: BodyNode) -> Int {
    nodes.append(node)
    return nextNode - 1
  }

  /// Adds a bag site and returns its ID.
  mutating func add(_ site: BagSite) -> Int {
    bagSites.append(site)
    return firstBagSite + bagSites.count - 1
  }

  /// Adds a function declared in a body, with its body's node.
  mutating func add(_ function: FunctionDecl, node: BodyNode) {
    localFunctions.append(function)
    nodes.append(node)
  }

  /// Names the type a named closure is annotated with (see `BodyNode.closureAlias`).
  mutating func setClosureAlias(_ alias: String, of node: Int) {
    nodes[node - firstNode].closureAlias = alias
  }

  /// Names the constant a closure is the value of (see `BodyNode.constant`).
  mutating func setConstant(_ constant: ClosureConstant, of node: Int) {
    nodes[node - firstNode].constant = constant
  }

  /// The type a named closure of this pass is annotated with, if `setClosureAlias` named one.
  func closureAlias(of node: Int) -> String? {
    node >= firstNode ? nodes[node - firstNode].closureAlias : nil
  }

  /// Records what the body of `node` (of either pass) does.
  mutating func setEffects(_ effects: [Effect], of node: Int) {
    if node >= firstNode {
      nodes[node - firstNode].effects = effects
    } else {
      declaredBodies[node] = effects
    }
  }
}
#endif
