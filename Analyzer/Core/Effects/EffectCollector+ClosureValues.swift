#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// Closures that take a scope, held as values: where they are stored, and calls through
/// them. Such a closure reads what is visible where it is *called* (its scope parameter is
/// the caller's), so its requirements belong to the code that calls the value; the graph
/// joins the two by `ClosureShape` (`GraphBuilder+ClosureValues`).
extension EffectCollector {
  /// A call that passes a scope through a value rather than a declared function:
  /// `handler(request, scope)` where `handler` is a parameter, a local or a closure's
  /// parameter, `handler?(…)`, `routes[path]!(…)`, `makeHandler()(…)`.
  func calledClosureValue(_ call: FunctionCallExprSyntax) -> [(shape: ClosureShape, parameter: Int?, tentative: Int?)] {
    var callee = call.calledExpression
    var parameter: Int?
    var alias: String?
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      // `[handleA, handleB].forEach { $0(scope) }`: a closure's shorthand parameter is a value.
      guard environment.nameKeys[name] != nil || environment.variableTypes[name] != nil
        || { if case .dollarIdentifier = reference.baseName.tokenKind { true } else { false } }()
      else { return [] }
      parameter = environment.parameterIndices[name]
      alias = writtenAlias(of: name)
    } else {
      callee = SyntaxFacts.unwrappingOptionals(callee)
      let isValue = callee.is(SubscriptCallExprSyntax.self) || callee.is(FunctionCallExprSyntax.self)
        || callee.is(TupleExprSyntax.self) || callee.id != call.calledExpression.id
      guard isValue else { return [] }
      // `handler?(request, scope)` with `handler: Handler?`; `onSelect?(row, scope)`: the
      // closures stored into that property.
      if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, environment.variableTypes[name] != nil {
        alias = writtenAlias(of: name)
      } else {
        alias = property(callee)
      }
    }
    let arguments = call.arguments.elements.map(\.expression)
    let arity = arguments.count + (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
    if let position = arguments.firstIndex(where: {
      LexicalEnvironment.passesScope(
        $0, scopes: environment.scopes, tentativeScopes: environment.tentativeScopes, counting: false)
    }) {
      return [(ClosureShape(arity: arity, scopePosition: position, alias: alias), parameter, nil)]
    }
    // `{ request, scope, next in next(request, scope) }`: each untyped parameter may be the
    // scope; the one the closure is given one at is (`GraphBuilder` keeps that call).
    return arguments.enumerated().compactMap { position, argument in
      guard let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let tentative = environment.tentativeScopes[name], environment.scopes.contains(name)
      else { return nil }
      return (ClosureShape(arity: arity, scopePosition: position, alias: alias), parameter, tentative)
    }
  }

  /// `Handler` of a name declared `handler: Handler` or `Handler?`: maybe a closure alias
  /// (`FileAnalyzer` keeps it if it is one).
  /// `ignoringAttributes`: also of `route: @escaping Handler` (`@Sendable`, …).
  private func writtenAlias(of name: String, ignoringAttributes: Bool = false) -> String? {
    guard var type = environment.variableTypes[name] else { return nil }
    while ignoringAttributes, type.hasPrefix("@"), let space = type.firstIndex(of: " ") {
      type = String(type[type.index(after: space)...])
    }
    return ClosureSignature.possibleAlias(spelling: type)
  }

  /// The closure type a closure literal is stored as, when it is written where it is
  /// stored: `let routes: [String: Handler] = ["/": { … }]`, `var onTap: Handler? = { … }`,
  /// `let layers: [(Request, ImplicitScope) -> Response] = [{ … }]`; or returned as:
  /// `func logged() -> Effect { { scope in … } }`, `return [{ scope in … }]` from a
  /// function returning `[Effect]`, `{ next in { request, scope in … } }` as a
  /// `Middleware` returning a `Handler`. The scope's position is known here for a written
  /// function type, and later for an alias.
  func storedClosureType(of closure: some ExprSyntaxProtocol) -> (type: String, position: Int?)? {
    switch expectedType(of: closure) {
    case .alias(let name)?:
      if let local = LocalTypeAliases.target(of: name, around: closure) { return storedClosureType(local, at: closure) }
      return (name, nil)
    case .written(let written)?:
      return storedClosureType(written, at: closure)
    case nil:
      return nil
    }
  }

  /// `written` seen through the aliases declared in the bodies around `closure` (at most a
  /// few deep: an alias of an alias), which no other file can name.
  private func storedClosureType(
    _ written: TypeSyntax, at closure: some ExprSyntaxProtocol, aliasesFollowed: Int = 0
  ) -> (type: String, position: Int?)? {
    let type = SyntaxFacts.storedElement(of: written)
    if type.is(FunctionTypeSyntax.self) {
      // Written out: no alias names it.
      guard let position = SyntaxFacts.scopeClosurePosition(of: type) else { return nil }
      return ("", position)
    }
    guard let name = ClosureSignature.possibleAlias(type, generics: true) else { return nil }
    if aliasesFollowed < 4, let local = LocalTypeAliases.target(of: name, around: closure) {
      return storedClosureType(local, at: closure, aliasesFollowed: aliasesFollowed + 1)
    }
    return (name, nil)
  }

  /// The type a closure literal is written as: a written type, or a name of a type (an
  /// alias, maybe, resolved once every file is read), possibly of a collection of them.
  enum ExpectedType {
    case written(TypeSyntax)
    /// A name as written; `Name->` for what a closure of alias `Name` returns.
    case alias(String)
  }

  /// `list` of `list.append({ … })`, `list.append(contentsOf: [{ … }])`, `list.insert({ … },
  /// at: 0)`, `list += [{ … }]`, where `value` is the closure or the literal holding it: a
  /// collection the value is added to, whose element type says what the closure takes.
  static func collectionTarget(of value: Syntax) -> ExprSyntax? {
    if let list = value.parent?.as(ExprListSyntax.self), list.count == 3, list.last?.id == value.id,
      list.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", let target = list.first
    {
      return target
    }
    var node = value
    if let argument = node.parent?.as(LabeledExprSyntax.self) { node = Syntax(argument.parent ?? node) }
    guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id != value.id,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
      ["append", "insert"].contains(member.declName.baseName.text)
    else { return nil }
    return base
  }

  /// `handlers` of `handlers[.tap]`, an assignment's target: the collection an element is
  /// stored into (a call through `handlers[event]` stays one through any closure of its shape).
  private static func collection(_ target: ExprSyntax) -> ExprSyntax {
    target.as(SubscriptCallExprSyntax.self)?.calledExpression ?? target
  }

  /// The closure, or the collection literal it is an element of: what is stored.
  static func storedValue(_ closure: some ExprSyntaxProtocol) -> Syntax {
    var node = Syntax(closure)
    // Up through collection literals to the binding that annotates them.
    while let parent = node.parent {
      if parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self)
        || parent.is(DictionaryElementSyntax.self) || parent.is(DictionaryElementListSyntax.self)
        || parent.is(DictionaryExprSyntax.self)
      {
        node = parent
        continue
      }
      break
    }
    return node
  }

  /// Whether a closure of a stored closure type is stored into a stored property: assigned
  /// to one (`onPick = { … }`, `cell.onSelect = { … }`) or its initial value; or into a
  /// global (`let health: Handler = { … }` at file scope), which is called the same way.
  func storedIntoProperty(_ closure: some ExprSyntaxProtocol) -> Bool {
    let node = Self.storedValue(closure)
    if let target = Self.collectionTarget(of: node) { return property(Self.collection(target)) != nil }
    if let list = node.parent?.as(ExprListSyntax.self), list.count == 3, list.last?.id == node.id, let target = list.first {
      return property(Self.collection(target)) != nil
    }
    guard let variable = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.parent?
      .parent?.as(VariableDeclSyntax.self)
    else { return false }
    return variable.parent?.is(MemberBlockItemSyntax.self) == true
      || variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
  }

  private func expectedType(of closure: some ExprSyntaxProtocol) -> ExpectedType? {
    let node = Self.storedValue(closure)
    if let target = Self.collectionTarget(of: node) { return assignedType(target) }
    if let list = node.parent?.as(ExprListSyntax.self), list.count == 3, list.last?.id == node.id,
      list.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = list.first
    {
      return assignedType(target)
    }
    if let type = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type {
      return .written(type)
    }
    switch Self.returnTarget(of: node) {
    case .type(let type)?:
      return .written(type)
    case .closure(let outer)?:
      // Returned from a closure: what that closure's type says it returns.
      if let type = outer.signature?.returnClause?.type { return .written(type) }
      if let reduced = reducedType(of: outer) { return reduced }
      switch expectedType(of: outer) {
      case .written(let type)?:
        let element = SyntaxFacts.storedElement(of: type)
        if let function = element.as(FunctionTypeSyntax.self) { return .written(function.returnClause.type) }
        guard let name = ClosureSignature.possibleAlias(element, generics: true) else { return nil }
        return .alias(name + ScopeClosureAliases.resultSuffix)
      case .alias(let name)?:
        return .alias(name + ScopeClosureAliases.resultSuffix)
      case nil:
        return nil
      }
    case nil:
      return nil
    }
  }

  /// `layers.reduce(route) { next, layer in … }`: the closure returns what `route` is, when
  /// its type is written (`route: Handler`, `let route: Handler = { … }`) — a middleware
  /// chain composed around a handler, whose step `{ request, scope in layer(request, scope,
  /// next) }` is a `Handler`.
  private func reducedType(of closure: ClosureExprSyntax) -> ExpectedType? {
    var parent = closure.parent
    if let argument = parent?.as(LabeledExprSyntax.self) { parent = argument.parent?.parent }
    guard let call = parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "reduce",
      let initial = call.arguments.first, initial.label == nil,
      let name = initial.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let type = environment.variableTypes[name] ?? environment.localFunctions[name].flatMap(found.closureAlias(of:)),
      KeyInference.isTypeLike(type)
    else { return nil }
    return .alias(type)
  }

  /// The type of what a closure is assigned to: `chain = { … }` where `var chain: Responder`
  /// is declared in the body; a stored property: `onSelect = { … }` or `self.onSelect = { … }`
  /// in a member of its type, `cell.onSelect = { … }` or `cell?.onSelect = { … }` where the
  /// type of `cell` is known here. A property's type is read once every file is read.
  private func assignedType(_ target: ExprSyntax) -> ExpectedType? {
    // `handlers[.tap] = { scope in … }`: an element of what `handlers` is.
    if let element = target.as(SubscriptCallExprSyntax.self) { return assignedType(element.calledExpression) }
    if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let type = environment.variableTypes[name] {
      // `var onDone: Step? = nil` then `onDone = { scope in … }`: the alias, seen through `?`.
      if let alias = ClosureSignature.possibleAlias(spelling: type) { return .alias(alias) }
      // `var onDone: ((ImplicitScope) -> Void)?`: the environment keeps the type's spelling.
      // `var list: [Handler]`, `[Event: (ImplicitScope) -> Void]`, `Array<Handler>`,
      // `Optional<Step>`: `storedElement` reads the element.
      if type.utf8.contains(UInt8(ascii: ">")) && (type.contains("->") || type.contains("<"))
        || type.utf8.first == UInt8(ascii: "[")
      {
        var parser = Parser(type)
        return .written(TypeSyntax.parse(from: &parser))
      }
      return KeyInference.isTypeLike(type) ? .alias(type) : nil
    }
    return property(target).map { .alias($0) }
  }

  /// `ScopeClosureAliases.property(_:of:)` of a stored property named as `onSelect` (not a
  /// local) or `self.onSelect` in a member of its type, or `cell.onSelect`, `cell?.onSelect`
  /// where the type of `cell` is known here.
  private func property(_ target: ExprSyntax) -> String? {
    if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text {
      // A local of unknown type hides the property.
      guard environment.variableTypes[name] == nil, environment.nameKeys[name] == nil, let typeName else { return nil }
      return ScopeClosureAliases.property(name, of: typeName)
    }
    guard let member = target.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
    base = SyntaxFacts.unwrappingOptionals(base)
    let owner: String
    if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
      guard let typeName else { return nil }
      owner = typeName
    } else if let receiver = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let written = environment.variableTypes[receiver]
    {
      let type = CallSiteReader.stripGenerics(written)
      guard KeyInference.isTypeLike(type) else { return nil }
      owner = type
    } else {
      // `header.onRefresh`, `self.header.onRefresh`: a property of a property, whose type
      // is read once every file is read.
      guard let path = property(base) else { return nil }
      owner = path
    }
    return ScopeClosureAliases.property(member.declName.baseName.text, of: owner)
  }

  /// `archive.onTap = feed.onTap`, `archive.onTap = copied ?? { _, _ in }` after
  /// `let copied = feed.onTap`: calls through the target run what the source holds. Kept
  /// for every property assigned a property; `FileAnalyzer` keeps those of closure types.
  func recordClosureCopies(_ elements: [ExprSyntax]) {
    guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), elements[2].is(ClosureExprSyntax.self) == false,
      let to = property(elements[0])
    else { return }
    var index = 2
    while index < elements.count {
      var source = elements[index]
      if let name = source.as(DeclReferenceExprSyntax.self)?.baseName.text, let bound = environment.memberAccesses[name] {
        source = bound
      }
      if let from = property(source) {
        found.closureCopies.append(ClosureCopy(from: from, to: .property(to), context: typeName, location: file.location(of: elements[0])))
      }
      // Only the operands of `??` are what is stored.
      guard index + 2 < elements.count,
        elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
      else { break }
      index += 2
    }
  }

  /// `handler = compose(route)`, `self.handler = { … }`: what a property is set to, a
  /// call's result, a closure literal or something else. Kept for every property assigned; the graph
  /// reads those of closure aliases.
  func recordPropertyWrite(_ elements: [ExprSyntax]) {
    guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let to = property(elements[0]) else { return }
    var value = elements[2]
    value = SyntaxFacts.underTryAndAwait(value)
    let call = elements.count == 3 ? value.as(FunctionCallExprSyntax.self) : nil
    let site = call.map { CallSiteReader(file: file, collector: self, typeName: typeName).site(of: $0) }
    let closure = elements.count == 3 ? value.as(ClosureExprSyntax.self).map { file.location(of: $0) } : nil
    found.propertyWrites.append(PropertyWrite(
      property: to, call: site, closure: closure, context: typeName, location: file.location(of: elements[0])))
  }

  /// `share(feed.onTap)`, `share(copied)` after `let copied = feed.onTap`: a property handed
  /// to a function, which may store it into another (`archive.onTap = handler`). Kept for
  /// every property passed; `FileAnalyzer` keeps those of closure types, the graph those
  /// passed for a parameter the callee stores.
  func recordClosureArguments(of call: FunctionCallExprSyntax, _ reader: () -> CallSiteReader) {
    var site: CallSite?
    for (index, argument) in call.arguments.enumerated() {
      var source = argument.expression
      if !environment.memberAccesses.isEmpty, let name = source.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let bound = environment.memberAccesses[name]
      {
        source = bound
      }
      guard source.is(MemberAccessExprSyntax.self), let from = property(source) else { continue }
      let passed = site ?? reader().site(of: call)
      site = passed
      found.closureCopies.append(ClosureCopy(from: from, to: .argument(passed, index: index), context: typeName, location: passed.location))
    }
  }

  /// `other(body, request, scope)` where `body` is a parameter of this function that may
  /// take non-escaping scope closures: written out (`environment.scopeClosures`), or named by
  /// a type that may be an alias of one (the graph keeps those that are). The closures
  /// passed for it run where `other` calls its argument.
  func forwardScopeClosureParameters(in call: FunctionCallExprSyntax, _ reader: () -> CallSiteReader) {
    guard !environment.parameterIndices.isEmpty || !environment.functionParameters.isEmpty else { return }
    var site: CallSite?
    for (index, argument) in call.arguments.enumerated() {
      guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let parameter = environment.parameterIndices[name] ?? environment.functionParameters[name],
        environment.scopeClosures[name] != nil || writtenAlias(of: name, ignoringAttributes: true) != nil
      else { continue }
      let passed = site ?? reader().site(of: call)
      site = passed
      effects.append(.forwardScopeClosure(parameter: parameter, passed, argument: index))
    }
  }

  enum ReturnTarget {
    /// The return type written on a function, subscript or computed property.
    case type(TypeSyntax)
    /// A closure returns it.
    case closure(ClosureExprSyntax)
  }

  /// What returns `value`, with `return value` or as the only statement of a body.
  static func returnTarget(of value: Syntax) -> ReturnTarget? {
    let start: Syntax
    if let returned = value.parent?.as(ReturnStmtSyntax.self) {
      start = Syntax(returned)
    } else if let item = value.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
      let body = list.parent, body.is(ClosureExprSyntax.self) || body.is(AccessorBlockSyntax.self)
        || body.as(CodeBlockSyntax.self)?.parent.map({ $0.is(FunctionDeclSyntax.self) || $0.is(AccessorDeclSyntax.self) }) == true
    {
      start = Syntax(list)
    } else {
      return nil
    }
    // Up to what the `return` returns from; an initializer, `defer` or the like returns no closure.
    var current = start.parent
    while let ancestor = current {
      switch ancestor.as(SyntaxEnum.self) {
      case .functionDecl(let function): return function.signature.returnClause.map { .type($0.type) }
      case .closureExpr(let closure): return .closure(closure)
      case .subscriptDecl(let subscriptDecl): return .type(subscriptDecl.returnClause.type)
      case .accessorBlock(let block):
        if let subscriptDecl = block.parent?.as(SubscriptDeclSyntax.self) { return .type(subscriptDecl.returnClause.type) }
        return block.parent?.as(PatternBindingSyntax.self)?.typeAnnotation.map { .type($0.type) }
      case .initializerDecl, .deinitializerDecl, .deferStmt, .sourceFile, .memberBlock: return nil
      default: current = ancestor.parent
      }
    }
    return nil
  }
}
#endif
