#if ImplicitsAnalysis
import SwiftSyntax

/// Reads a call expression into a `CallSite`: base name, labels, receiver, and whether a
/// scope in sight is passed.
struct CallSiteReader {
  let file: FileContext
  let environment: LexicalEnvironment
  let typeName: String?

  func site(of call: FunctionCallExprSyntax) -> CallSite {
    var labels: [String?] = call.arguments.map { $0.label?.text }
    if call.trailingClosure != nil { labels.append(CallSite.trailingLabel) }
    for extra in call.additionalTrailingClosures { labels.append(extra.label.text) }
    let (baseName, receiver) = callee(call.calledExpression)
    return CallSite(
      baseName: baseName, labels: labels, receiver: receiver, callerType: typeName,
      location: file.location(of: call),
      passesScope: call.arguments.contains { passesScope($0.expression) },
      isTentative: !call.arguments.contains { passesScope($0.expression, counting: false) })
  }

  /// Cheap pre-check: most calls pass no scope and need no `CallSite`.
  func passesScope(_ call: FunctionCallExprSyntax) -> Bool {
    call.arguments.contains { passesScope($0.expression) }
  }

  /// - Parameter counting: whether tentative scopes (untyped closure parameters) count.
  private func passesScope(_ expr: ExprSyntax, counting tentative: Bool = true) -> Bool {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      return environment.scopes.contains(name) && (tentative || !environment.tentativeScopes.contains(name))
    }
    if let call = expr.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "nested", let base = member.base
    {
      return passesScope(base, counting: tentative)
    }
    return false
  }

  private func callee(_ expr: ExprSyntax) -> (String, Receiver) {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      if name == "Self" { return ("init", .enclosingType) }
      return KeyInference.isTypeLike(name) ? ("init", .type(name)) : (name, .unqualified)
    }
    if let generic = expr.as(GenericSpecializationExprSyntax.self) {
      if let type = KeyInference.typeName(called: generic.expression) { return ("init", .type(type)) }
      // `make<T>(scope)`: a generic function.
      return callee(generic.expression)
    }
    guard let member = expr.as(MemberAccessExprSyntax.self) else { return ("", .unknown) }
    let name = member.declName.baseName.text
    guard let base = member.base else { return (name, .unknown) }
    if name == "init" {
      return ("init", KeyInference.typeName(called: base).map(Receiver.type) ?? .unknown)
    }
    if let ref = base.as(DeclReferenceExprSyntax.self) {
      let baseName = ref.baseName.text
      if baseName == "self" || baseName == "Self" { return (name, .enclosingType) }
      if baseName == "super" { return (name, .unknown) }
      if let type = environment.variableTypes[baseName] { return (name, .type(stripGenerics(type))) }
      if KeyInference.isTypeLike(baseName) { return (name, .type(baseName)) }
      return (name, .property(baseName))
    }
    if let inner = base.as(MemberAccessExprSyntax.self),
      inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return (name, .property(inner.declName.baseName.text))
    }
    if let type = KeyInference.typeName(called: base) { return (name, .type(type)) }
    return (name, .unknown)
  }

  private func stripGenerics(_ type: String) -> String {
    var type = type
    if type.hasSuffix("!") || type.hasSuffix("?") { type.removeLast() }
    if let angle = type.firstIndex(of: "<") { return String(type[..<angle]) }
    return type
  }
}
#endif
