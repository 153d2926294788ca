#if ImplicitsAnalysis
@_spi(RawSyntax) import SwiftSyntax

/// What a call is in terms of the runtime's API. This is the one recogniser of the API's
/// spellings: every pass and rule classifies a call here and switches on the case, so that
/// two passes cannot disagree about what `ImplicitScope(with: nil)` or
/// `Implicits.withScope { }` is. Adding an API form is one case here (and one fixture).
///
/// The classification is syntactic: whether the base of `s.nested()` or `s.end()` is a
/// scope is for the pass to tell from what it has in sight.
enum RuntimeCall {
  /// `ImplicitScope()`, `ImplicitScope(with: nil)`, `Implicits.ImplicitScope()`,
  /// `ImplicitScope.init()`, `.init()` where the annotation says `ImplicitScope`.
  case rootScope
  /// `ImplicitScope(with: bag)`.
  case bagScope(bag: ExprSyntax)
  /// `base.nested()`.
  case nestedScope(base: String)
  /// `base.end()`.
  case end(scope: String)
  /// `withScope { scope in … }` (also `Implicits.withScope`), in one of its forms.
  case withScope(WithScopeForm, body: ClosureExprSyntax)
  /// `withImplicits({ declarations }) { operation }` of `ImplicitsTesting`.
  case withImplicits(declarations: ClosureExprSyntax, operation: ClosureExprSyntax)
  /// `Implicit.map(from, to: to, …)`: reads `from`, provides `to`. `nil` operands when the
  /// second argument is not labelled `to:`.
  case map(from: ExprSyntax?, to: ExprSyntax?)
  /// `Implicits.captureAll()` (`#implicits` is a macro expansion: `BagCapture(_:)`).
  case bagCapture(BagCapture)
  /// `Implicits()`: the empty bag.
  case emptyBag
  /// `with<Name>Implicits { … }`: the reference's named closure wrappers. Recognised by
  /// name only; whether the module declares a function of that name is for the pass to tell.
  case closureWrapper(name: String, body: ClosureExprSyntax)
  /// Anything else.
  case ordinary

  /// How `withScope` opens its scope.
  enum WithScopeForm {
    /// `withScope { }`, `withScope(with: nil) { }`.
    case root
    /// `withScope(with: bag) { }`.
    case bag(ExprSyntax)
    /// `withScope(nesting: scope) { }`.
    case nesting(ExprSyntax)
  }

  /// Classifies `call`; `contextualType` is the type the call's value is declared as, for
  /// `let scope: ImplicitScope = .init()`.
  init(_ call: FunctionCallExprSyntax, contextualType: TypeSyntax? = nil) {
    self = Self.classify(call, contextualType: contextualType)
  }

  /// Classifies an expression that may be a call (`.ordinary` if it is none).
  init(_ expression: ExprSyntax, contextualType: TypeSyntax? = nil) {
    guard let call = expression.as(FunctionCallExprSyntax.self) else {
      self = .ordinary
      return
    }
    self.init(call, contextualType: contextualType)
  }

  /// What a `withScope` call returns when its body is one expression or ends in `return`
  /// of one: `Screen(scope)` of `let screen = withScope(with: bag) { scope in Screen(scope) }`,
  /// which a local is then known to hold. `nil` for anything else.
  static func withScopeResult(_ expression: ExprSyntax) -> ExprSyntax? {
    var expression = expression
    expression = SyntaxFacts.underTryAndAwait(expression)
    guard case .withScope(_, let body) = RuntimeCall(expression), let last = body.statements.last?.item else { return nil }
    if let returned = last.as(ReturnStmtSyntax.self) { return returned.expression }
    return body.statements.count == 1 ? last.as(ExprSyntax.self) : nil
  }

  /// Whether `call` may be `base.nested()` (`.nestedScope`), read in the raw tree for the
  /// passes that look at every argument of every call before classifying any.
  static func mayBeNestedScope(_ call: RawFunctionCallExprSyntax) -> Bool {
    call.calledExpression.as(RawMemberAccessExprSyntax.self)?.declName.baseName.tokenText == "nested"
  }

  /// A scope creation: `ImplicitScope(…)` or `s.nested()`.
  var isScopeCreation: Bool {
    switch self {
    case .rootScope, .bagScope, .nestedScope: true
    default: false
    }
  }

  /// Reads the callee's name once (building it is most of the cost: this runs for every
  /// call of the module, twice) and looks further only for the API's names.
  private static func classify(_ call: FunctionCallExprSyntax, contextualType: TypeSyntax?) -> RuntimeCall {
    guard mayBeRuntimeCall(call) else { return .ordinary }
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return function(reference.baseName.text, call)
    }
    guard let member = callee.as(MemberAccessExprSyntax.self) else { return .ordinary }
    let name = member.declName.baseName.text
    switch name {
    case "ImplicitScope", "Implicits", "withScope":
      return isReference(member.base, to: "Implicits") ? function(name, call) : .ordinary
    case "withImplicits":
      return isReference(member.base, to: "ImplicitsTesting") ? function(name, call) : .ordinary
    case "init":
      guard call.trailingClosure == nil else { return .ordinary }
      let isScope = member.base.map(isScopeTypeExpression) ?? ScopeType.isScope(contextualType)
      return isScope ? scopeInit(call) : .ordinary
    case "nested", "end":
      guard call.trailingClosure == nil, meaningfulArguments(of: call).isEmpty,
        let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return .ordinary }
      return name == "nested" ? .nestedScope(base: base) : .end(scope: base)
    case "map":
      guard isReference(member.base, to: "Implicit") || isQualified(member.base, "Implicit"),
        call.arguments.count >= 2
      else { return .ordinary }
      let operands = Array(call.arguments.elements)
      guard operands[1].label?.text == "to" else { return .map(from: nil, to: nil) }
      return .map(from: operands[0].expression, to: operands[1].expression)
    case "captureAll":
      return BagCapture(ExprSyntax(call)).map(RuntimeCall.bagCapture) ?? .ordinary
    default:
      return .ordinary
    }
  }

  /// Whether the callee is named like a part of the API, read in the raw tree without
  /// making a node or a `String`: every call of the module is classified (some twice),
  /// and almost none is the API.
  private static func mayBeRuntimeCall(_ call: FunctionCallExprSyntax) -> Bool {
    guard let callee = call.raw.as(RawFunctionCallExprSyntax.self)?.calledExpression else { return true }
    if let reference = callee.as(RawDeclReferenceExprSyntax.self) {
      let name = reference.baseName.tokenText
      return name == "ImplicitScope" || name == "Implicits" || name == "withScope" || name == "withImplicits"
        || (name.hasPrefix("with") && name.hasSuffix("Implicits"))
    }
    guard let member = callee.as(RawMemberAccessExprSyntax.self) else { return false }
    switch member.declName.baseName.tokenText {
    case "ImplicitScope", "Implicits", "withScope", "withImplicits", "init", "nested", "end", "map", "captureAll": return true
    default: return false
    }
  }

  /// A call of the free function (or type) `name`, bare or qualified by its module.
  private static func function(_ name: String, _ call: FunctionCallExprSyntax) -> RuntimeCall {
    switch name {
    case "ImplicitScope":
      return scopeInit(call)
    case "Implicits":
      return call.arguments.isEmpty && call.trailingClosure == nil ? .emptyBag : .ordinary
    case "withScope":
      guard let closure = closure(of: call) else { return .ordinary }
      return .withScope(withScopeForm(call), body: closure)
    case "withImplicits":
      let closures = call.arguments.elements.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        + [call.trailingClosure].compactMap { $0 }
      return closures.count == 2 ? .withImplicits(declarations: closures[0], operation: closures[1]) : .ordinary
    default:
      guard isClosureWrapperName(name), let closure = closure(of: call) else { return .ordinary }
      return .closureWrapper(name: name, body: closure)
    }
  }

  /// The closure of the test trait `.implicits { … }` of `ImplicitsTesting` (also
  /// `.implicits(file:line:) { … }`), given to `@Test` or `@Suite`.
  static func implicitsTraitClosure(_ expression: ExprSyntax) -> ClosureExprSyntax? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "implicits"
    else { return nil }
    return closure(of: call)
  }

  /// The trailing closure, or a closure passed last.
  private static func closure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
  }

  /// `Implicits()` or `Implicits.Implicits()`: the empty bag, which captures nothing and
  /// provides nothing where it is restored.
  static func isEmptyBag(_ expression: ExprSyntax) -> Bool {
    guard expression.is(FunctionCallExprSyntax.self), case .emptyBag = RuntimeCall(expression) else { return false }
    return true
  }

  /// The arguments that mean something: `file:` and `line:` are the runtime's source
  /// location defaults.
  private static func meaningfulArguments(of call: FunctionCallExprSyntax) -> [LabeledExprSyntax] {
    guard !call.arguments.isEmpty else { return [] }
    return call.arguments.elements.filter { $0.label?.text != "file" && $0.label?.text != "line" }
  }

  /// `ImplicitScope(…)` once the callee is known to be the scope type.
  private static func scopeInit(_ call: FunctionCallExprSyntax) -> RuntimeCall {
    guard call.trailingClosure == nil else { return .ordinary }
    let arguments = meaningfulArguments(of: call)
    guard let first = arguments.first else { return .rootScope }
    guard first.label?.text == "with", arguments.count == 1 else { return .ordinary }
    return first.expression.is(NilLiteralExprSyntax.self) ? .rootScope : .bagScope(bag: first.expression)
  }

  private static func withScopeForm(_ call: FunctionCallExprSyntax) -> WithScopeForm {
    guard let first = meaningfulArguments(of: call).first, !first.expression.is(ClosureExprSyntax.self) else { return .root }
    switch first.label?.text {
    case "with": return first.expression.is(NilLiteralExprSyntax.self) ? .root : .bag(first.expression)
    case "nesting": return .nesting(first.expression)
    default: return .root
    }
  }

  /// `with<Name>Implicits`, where `<Name>` starts with an upper-case letter.
  private static func isClosureWrapperName(_ name: String) -> Bool {
    guard name.hasPrefix("with"), name.hasSuffix("Implicits"), name.count > 13 else { return false }
    return name.dropFirst(4).first?.isUppercase == true
  }

  /// `ImplicitScope` or `Implicits.ImplicitScope` as an expression (the base of `.init`).
  private static func isScopeTypeExpression(_ expression: ExprSyntax) -> Bool {
    isReference(expression, to: ScopeType.name) || isQualified(expression, ScopeType.name)
  }

  /// `Implicits.name`. Compared structurally: printing the base of every member call costs
  /// more than the rest of a pass.
  private static func isQualified(_ expression: ExprSyntax?, _ name: String) -> Bool {
    guard let member = expression?.as(MemberAccessExprSyntax.self) else { return false }
    return member.declName.baseName.text == name && isReference(member.base, to: "Implicits")
  }

  private static func isReference(_ expression: ExprSyntax?, to name: String) -> Bool {
    expression?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
  }
}

/// The one answer to "is this type `ImplicitScope`?", for types as written in syntax and
/// as spelled in the analyzer's type names.
enum ScopeType {
  static let name = "ImplicitScope"
  private static let qualifiedName = "Implicits." + name

  /// `ImplicitScope` or `Implicits.ImplicitScope` (not optional: an optional scope
  /// parameter does not make a function implicit). Structural, without printing the type:
  /// this runs for every variable and parameter of the module.
  static func isScope(_ type: TypeSyntax?) -> Bool {
    guard let type else { return false }
    return SyntaxFacts.isNamed(type, "ImplicitScope")
  }

  /// `ImplicitScope?`, `ImplicitScope!` or `Optional<ImplicitScope>` as written (a
  /// parameter's type, which makes no function implicit), `nil` for any other type.
  static func optionalScopeSpelling(_ type: TypeSyntax) -> String? {
    var wrapped: TypeSyntax?
    if let optional = type.as(OptionalTypeSyntax.self) {
      wrapped = optional.wrappedType
    } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      wrapped = unwrapped.wrappedType
    } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
      let arguments = generic.genericArgumentClause?.arguments, arguments.count == 1
    {
      // `argument` is a `TypeSyntax` before swift-syntax 601 and a choice of type or expression after.
      wrapped = arguments.first.flatMap { Syntax($0.argument).as(TypeSyntax.self) }
    }
    return isScope(wrapped) ? type.trimmedDescription : nil
  }

  /// A type name as the analyzer spells it (`KeyInference.typeName`), optional or not:
  /// a variable or property that may hold a scope.
  /// On bytes: `hasSuffix` and `==` on a `Substring` compare characters (~2,000
  /// instructions a call), and every `let` with a known type asks this.
  static func isScope(spelling: String) -> Bool {
    var bytes = spelling.utf8[...]
    if let last = bytes.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "!") { bytes = bytes.dropLast() }
    return bytes.elementsEqual(name.utf8) || bytes.elementsEqual(qualifiedName.utf8)
  }
}

/// The one answer to "is this type `Implicits`, a bag?", for types as written in syntax
/// and as the analyzer spells them.
enum BagType {
  /// `Implicits` or `Implicits.Implicits`; an optional is not a bag the analyzer follows.
  static func isBag(spelling: String) -> Bool {
    spelling == "Implicits" || spelling == "Implicits.Implicits"
  }

  /// `Implicits` or `Implicits.Implicits` as written (a parameter's type).
  static func isBag(_ type: TypeSyntax) -> Bool { SyntaxFacts.isNamed(type, "Implicits") }
}
#endif
