#if ImplicitsAnalysis
import SwiftSyntax

/// Reads a call expression into a `CallSite`: base name, labels, receiver, and whether a
/// scope in sight is passed. Calls are function calls, subscripts and operators.
struct CallSiteReader {
  let file: FileContext
  /// Read in place, not copied: a reader reads the sites of where its collector is.
  private let collector: EffectCollector
  let typeName: String?

  init(file: FileContext, collector: EffectCollector, typeName: String?) {
    self.file = file
    self.collector = collector
    self.typeName = typeName
  }

  private var environment: LexicalEnvironment { _read { yield collector.environment } }

  /// - Parameters:
  ///   - contextualType: the type the call's value must have (`let x: T = .init(…)`),
  ///     which names the receiver of an implicit member expression.
  ///   - callee: what is called, when not the call's expression as written (`formatter` of
  ///     `formatter?(row, scope)`).
  func site(of call: FunctionCallExprSyntax, contextualType: String? = nil, callee: ExprSyntax? = nil) -> CallSite {
    // One walk over the arguments reads all a call site says of them (the arguments of
    // every call passing a scope were walked five times).
    var labels: [String?] = []
    var scopeArgument: Int?
    var passesDefiniteScope = false
    var positions: [Int: String] = [:]
    var tentativeArguments: [Int: String] = [:]
    for (index, argument) in call.arguments.elements.enumerated() {
      labels.append(argument.label?.text)
      let expression = argument.expression
      if !environment.tentativeScopes.isEmpty, let reference = expression.as(DeclReferenceExprSyntax.self),
        let position = environment.tentativeScopes[reference.baseName.text]
      {
        positions[position] = reference.baseName.text
        tentativeArguments[index] = reference.baseName.text
      }
      guard let scope = LexicalEnvironment.scopePassed(by: expression, scopes: environment.scopes) else { continue }
      if scopeArgument == nil { scopeArgument = index }
      if environment.tentativeScopes[scope] == nil { passesDefiniteScope = true }
    }
    if call.trailingClosure != nil { labels.append(CallSite.trailingLabel) }
    for extra in call.additionalTrailingClosures.elements { labels.append(extra.label.text) }
    let (baseName, receiver) = self.callee(callee ?? call.calledExpression, contextualType: contextualType)
    return CallSite(
      baseName: baseName, labels: labels, receiver: receiver, callerType: typeName,
      location: file.location(of: call), passesScope: scopeArgument != nil, isTentative: !passesDefiniteScope,
      tentativePositions: positions, tentativeArguments: tentativeArguments, memberKind: baseName == "init" ? .any : memberKind(of: callee ?? call.calledExpression),
      scopeArgument: scopeArgument, isAwaited: Self.isAwaited(call))
  }

  /// `handleTap`, `handleTap(_:)`, `model.refresh`, `Self.make(_:)` named as a value: the
  /// call `{ a, b in handleTap(a, b) }` written there makes (`CallSite.isReference`).
  func site(ofReference reference: ExprSyntax) -> CallSite {
    let declName = reference.as(DeclReferenceExprSyntax.self) ?? reference.as(MemberAccessExprSyntax.self)?.declName
    let labels = declName?.argumentNames?.arguments.map { $0.name.text == "_" ? nil : $0.name.text } ?? []
    let (baseName, receiver) = callee(reference, contextualType: nil)
    return CallSite(
      baseName: baseName, labels: labels, receiver: receiver, callerType: typeName,
      location: file.location(of: reference), passesScope: true,
      memberKind: baseName == "init" ? .any : memberKind(of: reference), isReference: true)
  }

  /// Whether `call` is written under an `await` of its statement (not one of an enclosing
  /// closure's), or in the value of an `async let`.
  static func isAwaited(_ call: FunctionCallExprSyntax) -> Bool {
    var node = call.parent
    while let current = node {
      if current.is(AwaitExprSyntax.self) { return true }
      if let binding = current.as(PatternBindingSyntax.self) {
        let variable = binding.parent?.parent?.as(VariableDeclSyntax.self)
        return variable?.modifiers.contains { $0.name.tokenKind == .keyword(.async) } ?? false
      }
      if current.is(ClosureExprSyntax.self) || current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) {
        return false
      }
      node = current.parent
    }
    return false
  }

  /// Whether a call through `callee` reaches static or instance members (initializers are
  /// neither: the caller passes `.any` for them).
  private func memberKind(of callee: ExprSyntax) -> MemberKind {
    guard let member = callee.as(MemberAccessExprSyntax.self) else {
      // Unqualified: a member of the enclosing type of the same kind as the caller, or a
      // free function (which the kind does not filter).
      guard typeName != nil else { return .any }
      return environment.isStatic ? .static : .instance
    }
    // `.make(scope)`: a static member of the contextual type.
    guard let base = member.base else { return .static }
    return kind(ofReceiver: base)
  }

  /// `T`, `Self` and `Module.T` are types; `self` is one in a static member; anything else
  /// is a value.
  private func kind(ofReceiver base: ExprSyntax) -> MemberKind {
    let base = SyntaxFacts.unwrappingOptionals(base)
    if Self.instance(ofMetatype: base) != nil { return .static }
    if base.is(SuperExprSyntax.self) { return environment.isStatic ? .static : .instance }
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      switch name {
      case "Self": return .static
      case "self": return environment.isStatic ? .static : .instance
      default:
        if environment.metatypes[name] != nil { return .static }
        if environment.variableTypes[name] != nil { return .instance }
        return KeyInference.isTypeLike(name) ? .static : .instance
      }
    }
    return KeyInference.typeName(called: base) != nil ? .static : .instance
  }

  /// `catalog[id, scope]`: a call to `subscript` of the base's type.
  func site(of subscriptCall: SubscriptCallExprSyntax) -> CallSite {
    let tentative = tentativeNames(subscriptCall.arguments.elements.map(\.expression))
    return CallSite(
      baseName: "subscript", labels: subscriptCall.arguments.elements.map { $0.label?.text },
      receiver: receiver(of: subscriptCall.calledExpression), callerType: typeName,
      location: file.location(of: subscriptCall), passesScope: true,
      isTentative: !subscriptCall.arguments.elements.contains { passesScope($0.expression, counting: false) },
      tentativePositions: tentative.positions, tentativeArguments: tentative.arguments,
      memberKind: kind(ofReceiver: subscriptCall.calledExpression))
  }

  /// `amount ~> scope`: a call to the operator function `~>` with unlabelled operands.
  func site(ofOperator token: TokenSyntax, operands: [ExprSyntax], at node: some SyntaxProtocol) -> CallSite {
    let tentative = tentativeNames(operands)
    return CallSite(
      baseName: token.text, labels: Array(repeating: nil, count: operands.count), receiver: .operator,
      callerType: typeName, location: file.location(of: node), passesScope: true,
      isTentative: !operands.contains { passesScope($0, counting: false) },
      tentativePositions: tentative.positions, tentativeArguments: tentative.arguments)
  }

  /// The untyped closure parameters passed as arguments: by their position among the
  /// closure's parameters, and by the argument that passes them.
  private func tentativeNames(_ arguments: [ExprSyntax]) -> (positions: [Int: String], arguments: [Int: String]) {
    var positions: [Int: String] = [:]
    var byArgument: [Int: String] = [:]
    for (index, argument) in arguments.enumerated() {
      guard let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let position = environment.tentativeScopes[name]
      else { continue }
      positions[position] = name
      byArgument[index] = name
    }
    return (positions, byArgument)
  }

  /// Cheap pre-check: most calls pass no scope and need no `CallSite`.
  func passesScope(_ call: FunctionCallExprSyntax) -> Bool {
    LexicalEnvironment.passesScope(call, scopes: environment.scopes, tentativeScopes: environment.tentativeScopes)
  }

  /// - Parameter counting: whether tentative scopes (untyped closure parameters) count.
  func passesScope(_ expr: ExprSyntax, counting tentative: Bool = true) -> Bool {
    LexicalEnvironment.passesScope(
      expr, scopes: environment.scopes, tentativeScopes: environment.tentativeScopes, counting: tentative)
  }

  private func callee(_ expr: ExprSyntax, contextualType: String?) -> (String, Receiver) {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = SyntaxFacts.unescaped(ref.baseName)
      if name == "Self" { return ("init", .enclosingType) }
      return KeyInference.isTypeLike(name) ? ("init", .type(name)) : (name, .unqualified)
    }
    if let generic = expr.as(GenericSpecializationExprSyntax.self) {
      if let type = KeyInference.typeName(called: generic.expression) { return ("init", .type(type)) }
      // `make<T>(scope)`: a generic function.
      return callee(generic.expression, contextualType: contextualType)
    }
    guard let member = expr.as(MemberAccessExprSyntax.self) else { return ("", .unknown) }
    let name = SyntaxFacts.unescaped(member.declName.baseName)
    guard let base = member.base else {
      // `.init(scope)`, `.make(scope)`: a member of the type the context expects.
      return (name, contextualType.map { .type($0) } ?? .unknown)
    }
    if name == "init" {
      if base.is(SuperExprSyntax.self) { return ("init", .superclass) }
      if let ref = base.as(DeclReferenceExprSyntax.self) {
        switch ref.baseName.text {
        case "self", "Self": return ("init", .enclosingType)
        default: break
        }
      }
      return ("init", KeyInference.typeName(called: base).map(Receiver.type) ?? .unknown)
    }
    // `UI.Button(scope)`: the initializer of a nested type.
    if KeyInference.isTypeLike(name), let outer = KeyInference.typeName(called: base) {
      return ("init", .type(outer + "." + name))
    }
    return (name, receiver(of: base))
  }

  /// The receiver a base expression names.
  private func receiver(of base: ExprSyntax) -> Receiver {
    let base = SyntaxFacts.unwrappingOptionals(base)
    if let instance = Self.instance(ofMetatype: base) { return receiver(of: instance) }
    if base.is(SuperExprSyntax.self) { return .superclass }
    if let ref = base.as(DeclReferenceExprSyntax.self) {
      let baseName = ref.baseName.text
      if baseName == "self" || baseName == "Self" { return .enclosingType }
      if let metatype = environment.metatypes[baseName] { return metatype }
      if let type = environment.variableTypes[baseName] { return .type(type) }
      // `for screen in screens` over `[any Screen]`: a bound name whose type is written
      // where its value is declared (not a named key's `\.name`).
      if case .spelled(let key)? = environment.nameKeys[baseName], key != NameKeys.unknown.spelling,
        !key.hasPrefix("\\")
      {
        return .type(key)
      }
      // `for screen in screens` over a stored property: its annotation, looked up later.
      if case .value(let value)? = environment.nameKeys[baseName], let element = Self.elementOfProperty(value) {
        return .type(element)
      }
      // `let repo = repos.products`, `guard let repo = self.cached`: a stored property's value.
      if case .value(let value)? = environment.nameKeys[baseName], let property = Self.propertyValue(value) {
        return property
      }
      if KeyInference.isTypeLike(baseName) { return .type(baseName) }
      return .property(baseName)
    }
    if let inner = base.as(MemberAccessExprSyntax.self),
      inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return .property(inner.declName.baseName.text)
    }
    if let type = KeyInference.typeName(called: base) { return .type(type) }
    // `Widget().make(scope)`, `Widget(name: n).make(scope)`: a value of that type.
    if let call = base.as(FunctionCallExprSyntax.self), let type = KeyInference.typeName(called: call.calledExpression) {
      return .type(type)
    }
    if let result = Self.resultOfCall(base) { return .type(result) }
    if let result = resultOfMethodCall(base) { return result }
    // `[home, about].showAll(scope)`: a method of an extension of `Array`.
    if base.is(ArrayExprSyntax.self) { return .type("Array") }
    if base.is(DictionaryExprSyntax.self) { return .type("Dictionary") }
    if let member = base.as(MemberAccessExprSyntax.self), let owner = member.base,
      let type = KeyInference.typeName(called: owner)
    {
      return .staticProperty(type: type, name: member.declName.baseName.text)
    }
    // `repos.products.load(scope)`: a property of a value whose type the module tells (a
    // parameter, a local, a stored property, a call's result), read from its declaration.
    if let member = base.as(MemberAccessExprSyntax.self), let owner = member.base {
      switch receiver(of: owner) {
      case .unknown, .operator, .superclass, .unqualified, .enclosingType: break
      case let known: return .member(of: known, name: member.declName.baseName.text)
      }
    }
    return .unknown
  }

  /// `self.makeRepo()`, `repos.makeProducts()`, `model.session?.current()`: the result of
  /// a method of a value whose type the module tells, as its declaration says.
  private func resultOfMethodCall(_ expr: ExprSyntax) -> Receiver? {
    guard let call = SyntaxFacts.underTryAndAwait(expr).as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), let owner = member.base
    else { return nil }
    let name = member.declName.baseName.text
    guard name != "init", !KeyInference.isTypeLike(name) else { return nil }
    if owner.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
      return .type(Self.resultPrefix + name)
    }
    switch receiver(of: owner) {
    case .unknown, .operator, .superclass, .unqualified, .enclosingType: return nil
    case let known: return .result(of: known, name: name)
    }
  }

  /// `type(of: widget)`, `Widget.self`, `Self.self`: the receiver whose static members a
  /// call on the metatype (bound to a local) reaches; `nil` if `value` is no metatype.
  func metatype(_ value: ExprSyntax) -> Receiver? {
    guard let instance = Self.instance(ofMetatype: SyntaxFacts.unwrappingOptionals(value)) else { return nil }
    return receiver(of: instance)
  }

  /// Whether `value` is a metatype (`metatype(_:)` is not `nil`), asked without a reader.
  static func namesMetatype(_ value: ExprSyntax) -> Bool { instance(ofMetatype: SyntaxFacts.unwrappingOptionals(value)) != nil }

  /// `T` of `T.self`, `value` of `type(of: value)`: a receiver whose members are those of
  /// that type's (or that value's type's) static ones.
  private static func instance(ofMetatype base: ExprSyntax) -> ExprSyntax? {
    if let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
      let type = member.base
    {
      return type
    }
    if let call = base.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type",
      call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "of"
    {
      return argument.expression
    }
    return nil
  }

  /// Marks a type as "an element of a stored property" (`element:e screens@Coordinator`,
  /// `element:v rows@Table` for a dictionary's values): the symbol table reads the
  /// property's annotation once every file is read.
  static let elementPrefix = "element:"

  /// The receiver type of an element of a stored property's value, as `SymbolTable` reads it.
  private static func elementOfProperty(_ value: ValueKey) -> String? {
    guard value.kind == .property, value.wrapping == String(ValueKey.element) || value.wrapping == String(ValueKey.dictionaryValue)
    else { return nil }
    return elementPrefix + value.wrapping + " " + value.name + "@" + value.type
  }

  /// The receiver of a local bound to a stored property's value, unwrapped or not
  /// (`ValueKey(property: "repos.products", of: "Model")`): the property down its path.
  private static func propertyValue(_ value: ValueKey) -> Receiver? {
    guard value.kind == .property, value.wrapping.allSatisfy({ $0 == "?" || $0 == "!" }) else { return nil }
    return value.name.split(separator: ".").reduce(Receiver.type(value.type)) { .member(of: $0, name: String($1)) }
  }

  /// Marks a type as "what the function returns" (`result:makeStore`, `result:Store.make`):
  /// the symbol table reads the declared return type once every file is read.
  static let resultPrefix = "result:"

  /// `makeStore()`, `try await Store.make()`: the result of a call to a function named in
  /// the module, as a type `SymbolTable` resolves; `nil` for other expressions.
  static func resultOfCall(_ expr: ExprSyntax) -> String? {
    var expr = expr
    expr = SyntaxFacts.underTryAndAwait(expr)
    guard let call = expr.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      return KeyInference.isTypeLike(name) ? nil : resultPrefix + name
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
      let type = KeyInference.typeName(called: base), !KeyInference.isTypeLike(member.declName.baseName.text),
      member.declName.baseName.text != "init"
    {
      return resultPrefix + type + "." + member.declName.baseName.text
    }
    return nil
  }

  static func stripGenerics(_ type: String) -> String {
    var type = type
    if type.hasSuffix("!") || type.hasSuffix("?") { type.removeLast() }
    if let angle = type.utf8.firstIndex(of: UInt8(ascii: "<")) { return String(type[..<angle]) }
    return type
  }
}
extension LexicalEnvironment {
  /// Whether a call passes a scope in sight, asked without a reader: a collector asks this
  /// of every call and operator, and only a few pass a scope. It takes the two collections
  /// it reads, not the environment: a method called on the environment held by a collector
  /// copies it first (eighteen collections retained and released, for every call).
  static func passesScope(
    _ call: FunctionCallExprSyntax, scopes: Set<String>, tentativeScopes: [String: Int]
  ) -> Bool {
    guard !scopes.isEmpty else { return false }
    if let passes = CallArgumentFacts.passesScope(call, scopes: scopes) { return passes }
    return call.arguments.elements.contains {
      passesScope($0.expression, scopes: scopes, tentativeScopes: tentativeScopes)
    }
  }

  static func passesScope(
    _ expr: ExprSyntax, scopes: Set<String>, tentativeScopes: [String: Int], counting tentative: Bool = true
  ) -> Bool {
    guard let name = scopePassed(by: expr, scopes: scopes) else { return false }
    return tentative || tentativeScopes[name] == nil
  }

  /// The scope in sight an argument passes: `scope`, `(scope)`, `scope!`, `scope.nested()`.
  static func scopePassed(by expr: ExprSyntax, scopes: Set<String>) -> String? {
    guard !scopes.isEmpty else { return nil }
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      return scopes.contains(name) ? name : nil
    }
    if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.label == nil
    {
      return scopePassed(by: only.expression, scopes: scopes)
    }
    // `o!` where `let o: ImplicitScope? = scope`: that scope (as `CallArgumentFacts` reads it).
    if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return scopePassed(by: unwrapped.expression, scopes: scopes) }
    if let call = expr.as(FunctionCallExprSyntax.self), case .nestedScope(let base) = RuntimeCall(call) {
      return scopes.contains(base) ? base : nil
    }
    return nil
  }
}
#endif
