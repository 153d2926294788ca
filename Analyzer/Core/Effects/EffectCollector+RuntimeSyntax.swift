#if ImplicitsAnalysis
import SwiftSyntax

/// What the runtime API looks like in syntax: scope creation and `end()`, `withScope`,
/// `Implicit.map`, bag names, and where a closure literal runs.
extension EffectCollector {
  /// `s.end()` where `s` is a scope in sight.
  func endedScope(_ call: FunctionCallExprSyntax) -> String? {
    guard call.arguments.isEmpty, call.trailingClosure == nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "end",
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    else { return nil }
    let name = base.baseName.text
    return environment.scopes.contains(name) ? environment.scopeName(name) : nil
  }

  /// `ImplicitScope()`, `Implicits.ImplicitScope()`, `ImplicitScope.init()`, `.init()` where
  /// the annotation says `ImplicitScope`, `ImplicitScope(with: bag)`, `s.nested()`.
  func scopeCreation(_ call: FunctionCallExprSyntax, contextualType: TypeSyntax? = nil) -> ScopeKind? {
    if Self.namesScopeInit(call.calledExpression, contextualType: contextualType) {
      guard let first = call.arguments.first, first.label?.text == "with" else { return .root }
      if first.expression.is(NilLiteralExprSyntax.self) { return .root }
      return .bag(bagReference(first.expression))
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "nested", call.arguments.isEmpty,
      let base = member.base?.as(DeclReferenceExprSyntax.self),
      environment.scopes.contains(base.baseName.text)
    {
      return .nested
    }
    return nil
  }

  private static func namesScopeInit(_ callee: ExprSyntax, contextualType: TypeSyntax?) -> Bool {
    if isScopeType(callee) { return true }
    guard let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" else {
      return false
    }
    if let base = member.base { return isScopeType(base) }
    return SyntaxFacts.isScopeType(contextualType)
  }

  /// `ImplicitScope` or `Implicits.ImplicitScope` as an expression.
  private static func isScopeType(_ expr: ExprSyntax) -> Bool {
    if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text == "ImplicitScope" }
    if let member = expr.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text == "ImplicitScope"
        && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicits"
    }
    return false
  }

  /// `Implicit.map(from, to: to, …)`: reads `from`, provides `to`.
  func implicitMap(_ call: FunctionCallExprSyntax) -> (from: KeyName?, to: KeyName?)? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "map",
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicit",
      call.arguments.count >= 2
    else { return nil }
    let arguments = Array(call.arguments.elements)
    guard arguments[1].label?.text == "to" else { return (nil, nil) }
    return (
      KeyInference.key(fromArgument: arguments[0].expression),
      KeyInference.key(fromArgument: arguments[1].expression)
    )
  }

  func bagReference(_ expr: ExprSyntax) -> BagReference {
    if BagCapture.isEmptyBag(expr) { return .empty }
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
    guard let name else { return .unknown(expr.trimmedDescription) }
    if !viaSelf, let site = environment.bags[name] { return .site(site) }
    if !viaSelf, environment.emptyBags.contains(name) { return .empty }
    if !viaSelf, let parameter = environment.bagParameters[name] { return parameter }
    if let typeName { return .property(type: typeName, name: name) }
    return .unknown(name)
  }

  // MARK: withScope

  /// `withScope { … }` or `Implicits.withScope { … }`.
  func isWithScope(_ call: FunctionCallExprSyntax) -> Bool {
    let callee = call.calledExpression
    let named: Bool
    if let ref = callee.as(DeclReferenceExprSyntax.self) {
      named = ref.baseName.text == "withScope"
    } else if let member = callee.as(MemberAccessExprSyntax.self) {
      named = member.declName.baseName.text == "withScope"
        && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicits"
    } else {
      named = false
    }
    return named && closureBody(of: call) != nil
  }

  func closureBody(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
  }

  /// `withScope(…) { scope in BODY }` runs BODY in place inside a new frame.
  func inlineWithScope(_ call: FunctionCallExprSyntax) {
    guard let closure = closureBody(of: call) else { return }
    var kind = ScopeKind.root
    if let first = call.arguments.first, !first.expression.is(ClosureExprSyntax.self) {
      switch first.label?.text {
      case "with": kind = .bag(bagReference(first.expression))
      case "nesting": kind = .nested
      default: break
      }
    }
    withScopeCounter += 1
    // `{ migrate($0) }`: the scope is `$0`.
    var name = ClosureSignature.parameterNames(of: closure).first ?? "$0"
    if name == "_" { name = "#withScope\(withScopeCounter)" }
    let location = file.location(of: call)
    effects.append(.openScope(name: name, kind, location, uncertain: isUncertain))
    environments.append(environment.enteringBlock())
    environment.scopes.insert(name)
    walk(closure.statements)
    finishBlock()
    environments.removeLast()
    effects.append(.closeScope(name: name, location, uncertain: isUncertain))
  }

  // MARK: withImplicits (ImplicitsTesting)

  /// `withImplicits({ declarations }) { operation }` or `withImplicits({ … }, operation: { … })`:
  /// the declarations closure and the operation closure.
  func withImplicitsClosures(_ call: FunctionCallExprSyntax) -> (ClosureExprSyntax, ClosureExprSyntax)? {
    let callee = call.calledExpression
    let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? callee.as(MemberAccessExprSyntax.self).flatMap { member in
        member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "ImplicitsTesting" ? member.declName.baseName.text : nil
      }
    guard name == "withImplicits" else { return nil }
    let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
      + [call.trailingClosure].compactMap { $0 }
    guard closures.count == 2 else { return nil }
    return (closures[0], closures[1])
  }

  /// Both closures run in place, in a new scope that the declarations fill: the operation
  /// runs like a test under `.implicits { }`, and a scope it opens is nested in that one.
  func inlineWithImplicits(_ declarations: ClosureExprSyntax, _ operation: ClosureExprSyntax, at call: FunctionCallExprSyntax) {
    withScopeCounter += 1
    let name = "#withImplicits\(withScopeCounter)"
    let location = file.location(of: call)
    effects.append(.openScope(name: name, .root, location, uncertain: isUncertain))
    environments.append(environment.enteringBlock())
    walk(declarations.statements)
    walk(operation.statements)
    finishBlock()
    environments.removeLast()
    effects.append(.closeScope(name: name, location, uncertain: isUncertain))
  }

  /// Where the closure `node` (a literal, or the name of a local closure) runs.
  func closureContext(_ node: ExprSyntax) -> ClosureContext {
    let reader = CallSiteReader(file: file, environment: environment, typeName: typeName)
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
    guard let (owner, index) = argumentPosition(of: node) else { return .escaping }
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
    let site = reader.site(of: call)
    if SyntaxFacts.nonEscapingCallees.contains(site.baseName) || SyntaxFacts.runsInPlace(site) { return .inPlace }
    return .argument(site, index: index)
  }

  /// Expression macros that run the closures they are given before they return.
  static let inPlaceMacros: Set<String> = ["expect", "require"]

  /// The call or macro a closure is an argument of, and its position among the arguments
  /// (trailing closures after the parenthesised ones).
  private func argumentPosition(of node: ExprSyntax) -> (Syntax, Int)? {
    if let owner = node.parent, owner.is(FunctionCallExprSyntax.self) || owner.is(MacroExpansionExprSyntax.self) {
      // The unlabelled trailing closure.
      let count = owner.as(FunctionCallExprSyntax.self)?.arguments.count
        ?? owner.as(MacroExpansionExprSyntax.self)?.arguments.count ?? 0
      return (owner, count)
    }
    if let element = node.parent?.as(MultipleTrailingClosureElementSyntax.self),
      let list = element.parent?.as(MultipleTrailingClosureElementListSyntax.self), let owner = list.parent
    {
      let count = owner.as(FunctionCallExprSyntax.self)?.arguments.count
        ?? owner.as(MacroExpansionExprSyntax.self)?.arguments.count ?? 0
      let position = list.firstIndex { $0.id == element.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
      return (owner, count + 1 + position)
    }
    if let argument = node.parent?.as(LabeledExprSyntax.self),
      let list = argument.parent?.as(LabeledExprListSyntax.self), let owner = list.parent
    {
      let position = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
      return (owner, position)
    }
    return nil
  }
}
#endif
