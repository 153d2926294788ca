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
    return environment.scopes.contains(name) ? name : nil
  }

  /// `ImplicitScope()`, `ImplicitScope(with: bag)`, `s.nested()`.
  func scopeCreation(_ call: FunctionCallExprSyntax) -> ScopeKind? {
    if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self),
      ref.baseName.text == "ImplicitScope"
    {
      guard let first = call.arguments.first, first.label?.text == "with" else { return .root }
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

  /// `Implicit.map(from, to: to, …)`: reads `from`, provides `to`.
  func implicitMap(_ call: FunctionCallExprSyntax) -> (from: KeyName?, to: KeyName?)? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "map",
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicit",
      call.arguments.count >= 2
    else { return nil }
    let arguments = Array(call.arguments)
    guard arguments[1].label?.text == "to" else { return (nil, nil) }
    return (
      KeyInference.key(fromArgument: arguments[0].expression),
      KeyInference.key(fromArgument: arguments[1].expression)
    )
  }

  func bagReference(_ expr: ExprSyntax) -> BagReference {
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
    if let typeName { return .property(type: typeName, name: name) }
    return .unknown(name)
  }

  // MARK: withScope

  func isWithScope(_ call: FunctionCallExprSyntax) -> Bool {
    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withScope"
      && closureBody(of: call) != nil
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
    let name = ClosureSignature.parameterNames(of: closure).first ?? "#withScope\(withScopeCounter)"
    let location = file.location(of: call)
    effects.append(.openScope(name: name, kind, location, uncertain: isUncertain))
    environments.append(environment.enteringBlock())
    environment.scopes.insert(name)
    walk(closure.statements)
    finishBlock()
    environments.removeLast()
    effects.append(.closeScope(name: name, location, uncertain: isUncertain))
  }

  func closureContext(_ node: ClosureExprSyntax) -> ClosureContext {
    let reader = CallSiteReader(file: file, environment: environment, typeName: typeName)
    var label: String? = CallSite.trailingLabel
    var call: FunctionCallExprSyntax?
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
    if let parent = node.parent?.as(FunctionCallExprSyntax.self) {
      if parent.calledExpression.id == node.id { return .inPlace }
      call = parent
    } else if let element = node.parent?.as(MultipleTrailingClosureElementSyntax.self) {
      label = element.label.text
      call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
    } else if let argument = node.parent?.as(LabeledExprSyntax.self) {
      label = argument.label?.text
      call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    guard let call else { return .escaping }
    let site = reader.site(of: call)
    if SyntaxFacts.nonEscapingCallees.contains(site.baseName) { return .inPlace }
    return .argument(site, label: label)
  }
}
#endif
