#if ImplicitsAnalysis
import SwiftSyntax

/// Names and scopes visible at a point of a body.
struct LexicalEnvironment {
  var scopes: Set<String> = []
  /// `let s = scope`: the alias → the scope it names (its frame keeps the original name).
  var scopeAliases: [String: String] = [:]
  var bags: [String: Int] = [:]
  /// `let none = Implicits()`: names of empty bags.
  var emptyBags: Set<String> = []
  /// Parameters of type `Implicits` of the enclosing function: name → bag.
  var bagParameters: [String: BagReference] = [:]
  private(set) var variableTypes: [String: String] = [:]
  /// Variables and parameters declared `ImplicitScope` that are not scopes in sight.
  private(set) var scopeTypedVariables: Set<String> = []
  /// Parameters of the enclosing function holding non-escaping closures that take a scope.
  var scopeClosures: [String: Int] = [:]
  /// `let kind = type(of: widget)`, `let t = Widget.self`: locals holding a metatype →
  /// the receiver whose static members a call on them reaches.
  var metatypes: [String: Receiver] = [:]
  /// Parameters of the enclosing function (not of a closure in it): name → index.
  var parameterIndices: [String: Int] = [:]
  /// Closure parameters that are scopes only if the closure is passed where one is given
  /// (see `BodyNode`): name → position among the closure's parameters.
  var tentativeScopes: [String: Int] = [:]
  /// The declared return type of the enclosing function (for `return .init(scope)`).
  var returnType: String?
  var genericParameters: Set<String> = []
  /// The code runs in a task (an `async` function, or a closure run in place in one, or
  /// an `async` closure): a child task created here inherits what is visible.
  var isAsync = false
  /// The code is in a static member: `self` is the type.
  var isStatic = false
  /// Local functions that use a scope of the enclosing body: name → their closure node.
  var localFunctions: [String: Int] = [:]
  /// The effects of each `defer` of the block, in registration order; they run at the
  /// block's end, last registered first.
  var deferred: [[Effect]] = []
  /// Names bound in the body (parameters, locals, bindings) → the key of their value, as
  /// `@Implicit var x = name` takes it; `NameKeys.unknown` when bound without a known type
  /// (the name then hides a stored property of that name).
  var nameKeys: [String: WrittenKey] = [:]
  /// Names an `if let`, `while let` or `for` binds for the block (by its syntax ID) it runs.
  var blockNameKeys: [SyntaxIdentifier: [(name: String, key: WrittenKey)]] = [:]
  /// Names a `for` over a constrained collection binds for the block it runs, with the
  /// type their calls reach (`some Screen` for an `Element: Screen`).
  var blockConstraints: [SyntaxIdentifier: [(name: String, type: String)]] = [:]

  func enteringBlock() -> LexicalEnvironment {
    var copy = self
    copy.deferred = []
    return copy
  }

  mutating func setType(_ type: String, of name: String) {
    variableTypes[name] = type
    if ScopeType.isScope(spelling: type) {
      scopeTypedVariables.insert(name)
    } else if !scopeTypedVariables.isEmpty {
      scopeTypedVariables.remove(name)
    }
  }

  /// The scope a name stands for (itself unless it is an alias).
  func scopeName(_ name: String) -> String { scopeAliases[name] ?? name }
}
#endif
