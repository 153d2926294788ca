#if ImplicitsAnalysis
import SwiftSyntax

/// How scopes are created and ended in each body (function, initializer, closure,
/// accessor, top-level code):
///
/// - a scope is a `let` with a name (`scope-not-let`);
/// - it is ended exactly once (`scope-end-missing`, `scope-end-repeated`), in a `defer`
///   (`scope-end-not-deferred`) that is the statement right after the creation
///   (`scope-end-defer-misplaced`), alone in that `defer` (`scope-end-defer-shared`), at
///   its top level (`scope-end-nested-in-defer`);
/// - only scopes the body created are ended (`end-inherited-scope`);
/// - a body that receives a scope does not start a root scope (`root-scope-overrides`,
///   a warning: the root sits on what the caller provides, which `nested()` says plainly);
/// - a scope created in a clause of an `#if` the analyzer cannot decide is ended in the
///   same clause, and one created outside is not ended inside (`unknown-condition`): a
///   scope within one clause is checked like any other, but one that crosses the `#if`
///   would make the body's structure depend on the condition.
final class ScopeLifetimeRule: SyntaxRule {
  private enum Origin {
    /// A parameter of this body (or the scope `withScope` passes to its closure).
    case received
    /// Created in an enclosing body and captured here.
    case captured
    case created(Int)
    case notScope
  }

  private struct Created {
    var name: String
    var declaration: VariableDeclSyntax
    /// The undecided `#if` clauses of the body around the creation, innermost last.
    var conditions: [SyntaxRuleContext.UnknownCondition]
    var ends: [FunctionCallExprSyntax] = []
  }

  /// How messages name a body. Spelled out only for a message: building the signature
  /// of every function walked was a tenth of this rule's time.
  private enum BodyName {
    case fixed(String)
    /// `'name(label:_:)'`.
    case signature(TokenSyntax, FunctionParameterListSyntax)

    var text: String {
      switch self {
      case .fixed(let text): text
      case .signature(let name, let parameters): "'\(name.text)(\(parameters.map { $0.firstName.text + ":" }.joined()))'"
      }
    }
  }

  private struct Body {
    var naming: BodyName
    var name: String { naming.text }
    var receivesScope: Bool
    /// Lexical blocks, innermost last.
    var blocks: [[String: Origin]]
    var created: [Created] = []
    /// Unknown `#if` conditions around the body itself: those do not change its structure.
    var conditionDepth = 0
  }

  private var bodies: [Body] = [Body(naming: .fixed("top-level code"), receivesScope: false, blocks: [[:]])]
  /// Every name bound to a scope anywhere in the file so far: a name not in it means no
  /// scope wherever it is looked up.
  private var scopeNames: Set<String> = []

  // MARK: Bodies

  override func visit(_ node: FunctionDeclSyntax) {
    enterBody(.signature(node.name, node.signature.parameterClause.parameters),
      parameters: node.signature.parameterClause.parameters)
  }
  override func visitPost(_ node: FunctionDeclSyntax) { exitBody() }

  override func visit(_ node: InitializerDeclSyntax) {
    enterBody(.signature(node.initKeyword, node.signature.parameterClause.parameters),
      parameters: node.signature.parameterClause.parameters)
  }
  override func visitPost(_ node: InitializerDeclSyntax) { exitBody() }

  override func visit(_ node: SubscriptDeclSyntax) {
    enterBody(.signature(node.subscriptKeyword, node.parameterClause.parameters), parameters: node.parameterClause.parameters)
  }
  override func visitPost(_ node: SubscriptDeclSyntax) { exitBody() }

  override func visit(_ node: AccessorBlockSyntax) {
    if node.parent?.is(SubscriptDeclSyntax.self) == true { return }
    enterBody(.fixed("this accessor"), parameters: nil)
  }
  override func visitPost(_ node: AccessorBlockSyntax) {
    if node.parent?.is(SubscriptDeclSyntax.self) != true { exitBody() }
  }

  override func visit(_ node: ClosureExprSyntax) {
    var names: [String: Origin] = [:]
    let isWithScope = Self.isWithScopeBody(node)
    for (index, name) in ClosureSignature.parameterNames(of: node).enumerated() {
      names[name] = isWithScope && index == 0 ? .received : .notScope
      if isWithScope && index == 0 { scopeNames.insert(name) }
    }
    var receives = isWithScope
    if let scope = ClosureSignature.scopeParameter(of: node) {
      names[scope] = .received
      scopeNames.insert(scope)
      receives = true
    }
    bodies.append(Body(naming: .fixed("this closure"), receivesScope: receives, blocks: [names], conditionDepth: unknownConditions.count))
  }
  override func visitPost(_ node: ClosureExprSyntax) { exitBody() }

  override func visitPost(_ node: SourceFileSyntax) { exitBody() }

  private func enterBody(_ name: BodyName, parameters: FunctionParameterListSyntax?) {
    var names: [String: Origin] = [:]
    var receives = false
    for parameter in parameters.elements {
      let isScope = ScopeType.isScope(parameter.type)
      receives = receives || isScope
      let name = (parameter.secondName ?? parameter.firstName).text
      names[name] = isScope ? .received : .notScope
      if isScope { scopeNames.insert(name) }
    }
    bodies.append(Body(naming: name, receivesScope: receives, blocks: [names], conditionDepth: unknownConditions.count))
  }

  // MARK: Blocks and names

  // `#if` clauses are not blocks: their names are visible after `#endif`.
  override func visit(_ node: CodeBlockItemListSyntax) {
    if node.parent?.is(IfConfigClauseSyntax.self) != true { bodies[bodies.count - 1].blocks.append([:]) }
  }
  override func visitPost(_ node: CodeBlockItemListSyntax) {
    if node.parent?.is(IfConfigClauseSyntax.self) != true { bodies[bodies.count - 1].blocks.removeLast() }
  }

  /// The innermost meaning of `name`: in this body, or captured from an enclosing one
  /// (a captured scope was not created here either).
  private func lookup(_ name: String) -> Origin? {
    // Most names were never a scope in this file: one look-up, no walk of the blocks.
    guard scopeNames.contains(name) else { return nil }
    // By index: iterating `bodies` would copy each body and its blocks.
    for depth in bodies.indices.reversed() {
      for block in bodies[depth].blocks.indices.reversed() {
        guard let origin = bodies[depth].blocks[block][name] else { continue }
        if depth == bodies.count - 1 { return origin }
        if case .notScope = origin { return .notScope }
        return .captured
      }
    }
    return nil
  }

  private func isScope(_ name: String) -> Bool {
    switch lookup(name) {
    case .received?, .captured?, .created?: true
    case .notScope?, nil: false
    }
  }

  private func bind(_ name: String, _ origin: Origin) {
    if case .notScope = origin {} else { scopeNames.insert(name) }
    let body = bodies.count - 1
    bodies[body].blocks[bodies[body].blocks.count - 1][name] = origin
  }

  // MARK: Creations

  /// After the initializers are walked: in `let scope = scope.nested()` and in closures of
  /// the initializer, `scope` is still the outer one.
  override func visitPost(_ node: VariableDeclSyntax, _ facts: VariableFacts) {
    // A variable without a value hides a scope of its name, if there is one; it creates
    // none (and its binding's node is not made).
    guard facts.bindings.contains(where: \.hasValue) || facts.bindings.contains(where: { $0.name.map(isScope) == true })
    else { return }
    // Stored properties are not created in a body.
    guard node.parent?.is(MemberBlockItemSyntax.self) != true else { return }
    for (index, fact) in facts.bindings.enumerated() {
      let name = fact.name
      let binding = fact.hasValue ? node.binding(at: index) : nil
      guard let value = binding?.initializer?.value, let creation = creation(value, binding?.typeAnnotation?.type)
      else {
        // `let alias = scope` is that scope; anything else hides a scope of that name.
        let alias = binding?.initializer?.value.as(DeclReferenceExprSyntax.self).flatMap { lookup($0.baseName.text) }
        guard let name else { continue }
        let origin = alias ?? .notScope
        // Most variables are not scopes and hide none: binding them would change no lookup.
        if case .notScope = origin, !isScope(name) { continue }
        bind(name, origin)
        continue
      }
      guard let name else {
        error(.scopeNotLet, "bind the scope to a name ('let scope = …') so that it can be ended",
          at: file.location(atUTF8Offset: fact.patternOffset))
        continue
      }
      guard facts.isLet else {
        error(.scopeNotLet,
          "declare scope '\(name)' with 'let', not 'var': a scope is ended exactly once, by the 'defer' right after it",
          at: node.bindingSpecifier)
        continue
      }
      let body = bodies.count - 1
      bodies[body].created.append(Created(name: name, declaration: node, conditions: conditionsOfBody))
      bind(name, .created(bodies[body].created.count - 1))
      if case .rootScope = creation, bodies[body].receivesScope {
        warnRoot(at: value)
      }
    }
  }

  /// A scope creation, with `base.nested()` one only where `base` is a scope.
  private func creation(_ value: ExprSyntax, _ annotation: TypeSyntax?) -> RuntimeCall? {
    creation(RuntimeCall(value, contextualType: annotation))
  }

  private func creation(_ call: RuntimeCall) -> RuntimeCall? {
    switch call {
    case .rootScope, .bagScope: return call
    case .nestedScope(let base): return isScope(base) ? call : nil
    default: return nil
    }
  }

  /// The closure passed to `withScope`, if `closure` is one: its first parameter is the
  /// scope `withScope` creates and ends.
  private static func isWithScopeBody(_ closure: ClosureExprSyntax) -> Bool {
    var node = Syntax(closure)
    if let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent { node = list }
    guard let call = node.parent?.as(FunctionCallExprSyntax.self), case .withScope(_, let body) = RuntimeCall(call)
    else { return false }
    return body.id == closure.id
  }

  private func warnRoot(at node: some SyntaxProtocol) {
    warning(.rootScopeOverrides,
      "\(bodies[bodies.count - 1].name) receives a scope, but creates a root scope; it opens on top of what the caller provides, which nesting says plainly ('let scope = scope.nested()' or 'withScope(nesting: scope)')",
      at: node)
  }

  // MARK: Calls: end(), unbound creations, withScope

  override func visit(_ node: FunctionCallExprSyntax) {
    let call = RuntimeCall(node)
    if case .end(let name) = call {
      switch lookup(name) {
      case .created(let index)?:
        // The same name created in alternative `#if` branches is one scope.
        let body = bodies.count - 1
        let declaration = bodies[body].created[index].declaration
        for (other, scope) in bodies[body].created.enumerated()
        where other == index || (scope.name == name && Self.inAlternativeClauses(scope.declaration, declaration)) {
          bodies[body].created[other].ends.append(node)
          reportCrossing(scope, endedAt: node)
        }
      case .received?:
        error(.endInheritedScope,
          "'\(name).end()' ends the scope \(bodies[bodies.count - 1].name) received from its caller; only end scopes created here (e.g. 'let scope = \(name).nested()')",
          at: node)
      case .captured?:
        error(.endInheritedScope,
          "'\(name).end()' ends a scope that \(bodies[bodies.count - 1].name) did not create; the body that created it ends it, in the 'defer' right after its creation",
          at: node)
      case .notScope?, nil: break
      }
      return
    }
    if case .withScope(.root, _) = call, bodies[bodies.count - 1].receivesScope {
      warnRoot(at: node)
    }
    // Whether the call is bound is asked of creations only: two parents per call.
    guard creation(call) != nil else { return }
    let isBound = node.parent?.is(InitializerClauseSyntax.self) == true
      && node.parent?.parent?.is(PatternBindingSyntax.self) == true
    if !isBound {
      if let property = SyntaxFacts.propertySetToScope(node) {
        // A test case's or a suite's scope (`setUp`/`tearDown`, `init`/`deinit`): one error
        // here, none at the declarations after it or the uses of the property.
        error(.scopeNotLet, PassMessages.storedScope(property), at: node,
          notes: [.init(location: file.location(of: node), message: PassMessages.storedScopeForms)])
      } else {
        error(.scopeNotLet, "create scopes as 'let scope = \(node.trimmedDescription)' so that they can be ended", at: node)
      }
    }
  }

  /// The undecided `#if` clauses around the current node, within the current body.
  private var conditionsOfBody: [SyntaxRuleContext.UnknownCondition] {
    Array(unknownConditions.dropFirst(bodies[bodies.count - 1].conditionDepth))
  }

  /// A scope created in an undecided clause and ended outside it, or the other way round:
  /// reported where the clause the two do not share starts.
  private func reportCrossing(_ scope: Created, endedAt end: FunctionCallExprSyntax) {
    let ending = conditionsOfBody
    guard scope.conditions.map(\.keyword.id) != ending.map(\.keyword.id) else { return }
    let message = "scope created or ended under a '#if' condition the analyzer cannot resolve; pass the condition with '--define' or move the scope out of the '#if'"
    if let condition = scope.conditions.last, !ending.contains(where: { $0.keyword.id == condition.keyword.id }) {
      let value = scope.declaration.bindings.first?.initializer?.value
      error(.unknownCondition, message, at: value.map(Syntax.init) ?? Syntax(scope.declaration), notes: [note(for: condition)])
    } else if let condition = ending.last {
      error(.unknownCondition, message, at: end, notes: [note(for: condition)])
    }
  }

  // MARK: Checks at the end of a body

  private func exitBody() {
    guard let body = bodies.popLast() else { return }
    for scope in body.created { checkEnds(of: scope) }
  }

  private func checkEnds(of scope: Created) {
    let name = scope.name
    let fix = "'defer { \(name).end() }'"
    guard let end = scope.ends.first else {
      error(.scopeEndMissing, "scope '\(name)' is never ended; add \(fix) on the next line",
        at: scope.declaration.bindings.first!.pattern)
      return
    }
    for extra in scope.ends.dropFirst() {
      error(.scopeEndRepeated, "scope '\(name)' is ended more than once; end it only in \(fix) right after its creation",
        at: extra, notes: [note("also ended here", at: end)])
    }
    guard let deferStatement = Self.enclosingDefer(of: end) else {
      error(.scopeEndNotDeferred,
        "end scope '\(name)' in \(fix) right after its creation, so that it ends on every path out of the block", at: end)
      return
    }
    let statements = deferStatement.body.statements
    if !statements.elements.contains(where: { $0.item.as(FunctionCallExprSyntax.self)?.id == end.id }) {
      error(.scopeEndNestedInDefer, "'\(name).end()' must be at the top level of its 'defer', not inside another statement", at: end)
    } else if statements.count > 1 {
      error(.scopeEndDeferShared, "'\(name).end()' must be alone in its 'defer'; move the other statements to a 'defer' of their own",
        at: deferStatement.deferKeyword)
    }
    if !Self.follows(deferStatement, scope.declaration) {
      error(.scopeEndDeferMisplaced, "place \(fix) on the statement right after 'let \(name) = …'",
        at: deferStatement.deferKeyword, notes: [note("scope '\(name)' is created here", at: scope.declaration.bindings.first!.pattern)])
    }
  }

  /// The `defer` whose body contains `node`, within the same body (closures stop the search).
  private static func enclosingDefer(of node: some SyntaxProtocol) -> DeferStmtSyntax? {
    var current = node.parent
    while let parent = current {
      if let statement = parent.as(DeferStmtSyntax.self) { return statement }
      if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) { return nil }
      current = parent.parent
    }
    return nil
  }

  /// Whether `statement` is the statement right after `declaration` in the same block
  /// (after the `#endif`, for a declaration that ends an `#if` clause).
  private static func follows(_ statement: DeferStmtSyntax, _ declaration: VariableDeclSyntax) -> Bool {
    var item = declaration.parent?.as(CodeBlockItemSyntax.self)
    while let current = item, let list = current.parent?.as(CodeBlockItemListSyntax.self), let index = list.index(of: current) {
      let next = list.index(after: index)
      if next != list.endIndex { return list[next].item.as(DeferStmtSyntax.self)?.id == statement.id }
      // The last statement of an `#if` clause: the next one follows the `#endif`.
      item = list.parent?.as(IfConfigClauseSyntax.self)?.parent?.parent?.as(IfConfigDeclSyntax.self)?
        .parent?.as(CodeBlockItemSyntax.self)
    }
    return false
  }

  /// Two creations in different clauses of one `#if`: only one is compiled.
  static func inAlternativeClauses(_ a: some SyntaxProtocol, _ b: some SyntaxProtocol) -> Bool {
    var ancestorsOfA: [SyntaxIdentifier: Syntax] = [:]
    var child = Syntax(a)
    while let parent = child.parent {
      ancestorsOfA[parent.id] = child
      child = parent
    }
    child = Syntax(b)
    while let parent = child.parent {
      if let childOfA = ancestorsOfA[parent.id] {
        return parent.is(IfConfigClauseListSyntax.self) && childOfA.id != child.id
      }
      child = parent
    }
    return false
  }
}
#endif
