#if ImplicitsAnalysis
import SwiftSyntax

/// What the runtime API looks like in syntax: scope creation and `end()`, `withScope`,
/// `Implicit.map`, bag names, and where a closure literal runs.
extension EffectCollector {
  /// `call` classified, with `s.nested()` and `s.end()` taken as the API only where `s`
  /// is a scope in sight.
  func runtimeCall(_ call: FunctionCallExprSyntax, contextualType: TypeSyntax? = nil) -> RuntimeCall {
    let kind = RuntimeCall(call, contextualType: contextualType)
    switch kind {
    case .nestedScope(let base), .end(let base):
      return environment.scopes.contains(base) ? kind : .ordinary
    default:
      return kind
    }
  }

  /// The frame a scope creation pushes.
  func scopeKind(of call: RuntimeCall) -> ScopeKind? {
    switch call {
    case .rootScope: .root
    case .bagScope(let bag): .bag(bagReference(bag))
    case .nestedScope: .nested
    default: nil
    }
  }

  /// `Implicit.map(from, to: to, …)`: the keys it reads and provides.
  func mapKeys(from: ExprSyntax?, to: ExprSyntax?) -> (from: KeyName, to: KeyName)? {
    guard let from = from.flatMap(KeyInference.key(fromArgument:)), let to = to.flatMap(KeyInference.key(fromArgument:))
    else { return nil }
    return (from, to)
  }

  func bagReference(_ expr: ExprSyntax) -> BagReference {
    if case .emptyBag = RuntimeCall(expr) { return .empty }
    var name: String?
    var viaSelf = false
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      name = ref.baseName.text
    } else if let member = expr.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      name = member.declName.baseName.text
      viaSelf = true
    }
    // `withScope(with: environment.implicits)`: the bag property of the value's type.
    if name == nil, let (type, property) = propertyOfTypedValue(expr) { return .property(type: type, name: property) }
    guard let name else { return .unknown(expr.trimmedDescription) }
    if !viaSelf, let site = environment.bags[name] { return .site(site) }
    if !viaSelf, environment.emptyBags.contains(name) { return .empty }
    if !viaSelf, let parameter = environment.bagParameters[name] { return parameter }
    if let typeName { return .property(type: typeName, name: name) }
    return .unknown(name)
  }

  // MARK: withScope

  /// `withScope(…) { scope in BODY }` runs BODY in place inside a new frame.
  func inlineWithScope(_ call: FunctionCallExprSyntax, _ form: RuntimeCall.WithScopeForm, body closure: ClosureExprSyntax) {
    let kind: ScopeKind
    switch form {
    case .root: kind = .root
    case .bag(let bag): kind = .bag(bagReference(bag))
    case .nesting(let base): kind = namesScopeSetOnType(base) ? .root : .nested
    }
    withScopeCounter += 1
    // `{ migrate($0) }`: the scope is `$0`.
    var name = ClosureSignature.parameterNames(of: closure).first ?? "$0"
    if name == "_" { name = "#withScope\(withScopeCounter)" }
    let location = file.location(of: call)
    effects.append(.openScope(name: name, kind, location))
    // Nesting a scope stored on the type: it provides what it is asked (reported once where
    // it is stored).
    if case .nesting(let base) = form, namesScopeSetOnType(base) {
      effects.append(.provide(.spelled(KeyName.uninferable), location))
    }
    environment.enterBlock()
    environment.insertScope(name)
    // The body's parameter is this scope, whatever an outer name it hides was.
    environment.setTentativeScope(name, nil)
    environment.setScopeAlias(name, nil)
    walk(closure.statements)
    finishBlock()
    environment.exitBlock()
    effects.append(.closeScope(name: name, location))
  }

  // MARK: withImplicits (ImplicitsTesting)

  /// Both closures run in place, in a new scope that the declarations fill: the operation
  /// runs like a test under `.implicits { }`, and a scope it opens is nested in that one.
  func inlineWithImplicits(_ declarations: ClosureExprSyntax, _ operation: ClosureExprSyntax, at call: FunctionCallExprSyntax) {
    withScopeCounter += 1
    let name = "#withImplicits\(withScopeCounter)"
    let location = file.location(of: call)
    effects.append(.openScope(name: name, .root, location))
    environment.enterBlock()
    walk(declarations.statements)
    walk(operation.statements)
    finishBlock()
    environment.exitBlock()
    effects.append(.closeScope(name: name, location))
  }

  /// Where the closure `node` (a literal, or the name of a local closure) runs.
  func closureContext(_ node: ExprSyntax) -> ClosureContext {
    // `({ … })()` is called in place too.
    var callee = Syntax(node)
    while let tuple = callee.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
      callee = Syntax(tuple)
    }
    if callee.id != node.id, let parent = callee.parent?.as(FunctionCallExprSyntax.self),
      parent.calledExpression.id == callee.id
    {
      return .inPlace
    }
    if let parent = node.parent?.as(FunctionCallExprSyntax.self), parent.calledExpression.id == node.id {
      return .inPlace
    }
    // `list.append({ scope in … })`, `list += [{ … }]`, `steps.append(askPermissions)`: kept
    // in the collection, as its type says.
    if Self.collectionTarget(of: Self.storedValue(node)) != nil {
      return .escaping
    }
    if let operand = operatorOperand(node) { return operand }
    guard let (owner, index, inLiteral) = argumentPosition(of: node) else { return .escaping }
    if inLiteral, !owner.is(FunctionCallExprSyntax.self) { return .escaping }
    if let macro = owner.as(MacroExpansionExprSyntax.self) {
      let name = macro.macroName.text
      return Self.inPlaceMacros.contains(name) ? .inPlace : .macro("#" + name)
    }
    guard let call = owner.as(FunctionCallExprSyntax.self) else { return .escaping }
    // `items.lazy.map { }` keeps the closure in the lazy view: it runs when the view is read.
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "lazy"
    {
      return .escaping
    }
    // `$query.map { }.sink { }`: a publisher keeps its operators' closures.
    if PublisherChain.contains(call) { return .escaping }
    // A reader copies the environment: made only for a closure passed to a call.
    let site = CallSiteReader(file: file, collector: self, typeName: typeName).site(of: call)
    // An element of a collection literal is kept by the callee, as its parameter says.
    if inLiteral { return .argument(site, index: index, inLiteral: true) }
    // `filter`, `map`, `sorted` …: the standard library's run in place, unless the call
    // reaches a function of the module of that name (`GraphBuilder.classify` decides).
    if SyntaxFacts.runsInPlace(site) { return .inPlace }
    // A stream's `build` closure takes the continuation; one without parameters, trailing
    // or not, is an `unfolding:` closure (Swift picks the initializer by the closure's arity).
    if SyntaxFacts.isAsyncStreamInitializer(site), let closure = node.as(ClosureExprSyntax.self) {
      let label = site.labels.indices.contains(index) ? site.labels[index] : nil
      let takesContinuation = !ClosureSignature.parameterNames(of: closure).isEmpty
        || !ClosureSignature.shorthandParameters(of: closure).isEmpty
      return (label == nil || label == CallSite.trailingLabel) && takesContinuation ? .inPlace : .escaping
    }
    // A child task created in a task reads what is visible where it is created, as at run
    // time: its requirements are its creator's.
    if environment.isAsync, SyntaxFacts.createsChildTask(site) { return .inPlace }
    return .argument(site, index: index)
  }

  /// `text |> { … }`: an operand of an operator function, which runs it as its parameter
  /// says (the sequence is not folded: the operator before the closure, else the one after).
  private func operatorOperand(_ node: ExprSyntax) -> ClosureContext? {
    guard let list = node.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true else {
      return nil
    }
    let elements = Array(list)
    guard let index = elements.firstIndex(where: { $0.id == node.id }) else { return nil }
    let (operatorIndex, position) =
      index > 0 && elements[index - 1].is(BinaryOperatorExprSyntax.self) ? (index - 1, 1) : (index + 1, 0)
    guard elements.indices.contains(operatorIndex),
      let token = elements[operatorIndex].as(BinaryOperatorExprSyntax.self)?.operator,
      elements.indices.contains(operatorIndex - 1), elements.indices.contains(operatorIndex + 1)
    else { return nil }
    let operands = [elements[operatorIndex - 1], elements[operatorIndex + 1]]
    let reader = CallSiteReader(file: file, collector: self, typeName: typeName)
    return .argument(reader.site(ofOperator: token, operands: operands, at: elements[operatorIndex]), index: position)
  }

  /// Expression macros that run the closures they are given before they return.
  static let inPlaceMacros: Set<String> = ["expect", "require"]

  /// The call or macro a closure is an argument of, its position among the arguments
  /// (trailing closures after the parenthesised ones), and whether it is an element of a
  /// collection literal given as that argument.
  private func argumentPosition(of node: ExprSyntax) -> (Syntax, Int, Bool)? {
    if let owner = node.parent, owner.is(FunctionCallExprSyntax.self) || owner.is(MacroExpansionExprSyntax.self) {
      // The unlabelled trailing closure.
      let count = owner.as(FunctionCallExprSyntax.self)?.arguments.count
        ?? owner.as(MacroExpansionExprSyntax.self)?.arguments.count ?? 0
      return (owner, count, false)
    }
    if let element = node.parent?.as(MultipleTrailingClosureElementSyntax.self),
      let list = element.parent?.as(MultipleTrailingClosureElementListSyntax.self), let owner = list.parent
    {
      let count = owner.as(FunctionCallExprSyntax.self)?.arguments.count
        ?? owner.as(MacroExpansionExprSyntax.self)?.arguments.count ?? 0
      let position = list.firstIndex { $0.id == element.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
      return (owner, count + 1 + position, false)
    }
    // `router.add(table: ["/": { … }])`: an element of a collection literal passed as an
    // argument is kept by the callee, as that parameter's type says.
    var argumentNode = Syntax(node)
    while let parent = argumentNode.parent,
      parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self)
        || parent.is(DictionaryElementSyntax.self) || parent.is(DictionaryElementListSyntax.self)
        || parent.is(DictionaryExprSyntax.self)
    {
      argumentNode = parent
    }
    if let argument = argumentNode.parent?.as(LabeledExprSyntax.self),
      let list = argument.parent?.as(LabeledExprListSyntax.self), let owner = list.parent
    {
      let position = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
      return (owner, position, argumentNode.id != node.id)
    }
    return nil
  }
}
#endif
