#if ImplicitsAnalysis
import SwiftSyntax

/// A middleware chain composed from a literal list of closure constants around a handler:
///
///     let chain = [Middleware.logging, Middleware.authentication].reversed().reduce(route) { next, layer in
///       { request, scope in layer(request, scope, next) }
///     }
///
/// Each step wraps what the steps before it made, so the last element reduced is the
/// outermost: `chain(request, scope)` runs `logging` with `next` running `authentication`
/// with `next` running `route`. Called through a value, the step closures are one set of
/// their type, and so are the `next` each middleware calls: a middleware declaring a key
/// before `next` could not tell its handler apart from any other. The graph unrolls the
/// chain into one copy of each middleware per call (`GraphBuilder+ComposedChains`), with
/// its `next` bound to the step inside it.
///
/// Only this exact shape is one: the list written out as closure constants (which hold one
/// closure for the whole run), reduced as is or `.reversed()`, from a local closure constant
/// of a written type; each step a closure that calls its element with its own parameters
/// in order and the accumulated handler inserted once. Anything else (a loop, a list built
/// elsewhere, a step that does more) stays a call through a value.
struct ComposedChain: Hashable, Sendable {
  /// A closure constant named in the list: `Type.name`, or `name` (of the calling type,
  /// else global).
  struct Layer: Hashable, Sendable {
    var type: String?
    var name: String

    var spelled: String { (type.map { $0 + "." } ?? "") + name }
  }

  /// Innermost first: the order in which they wrap the route.
  var layers: [Layer]
  /// The local closure (node index in the file) the chain wraps, and its name.
  var route: Int
  var routeName: String
  /// Where a layer takes `next` among its parameters.
  var nextPosition: Int

  /// The parts of `value` if it composes a chain: the layers (innermost first), the
  /// reference to the initial handler, and where `next` goes.
  static func parse(_ value: ExprSyntax) -> (layers: [Layer], initial: DeclReferenceExprSyntax, nextPosition: Int)? {
    guard let call = value.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "reduce", member.declName.argumentNames == nil,
      call.additionalTrailingClosures.isEmpty,
      var list = member.base
    else { return nil }
    let arguments = Array(call.arguments)
    let step: ClosureExprSyntax?
    switch (arguments.count, call.trailingClosure) {
    case (1, let trailing?): step = trailing
    case (2, nil): step = arguments[1].label == nil ? arguments[1].expression.as(ClosureExprSyntax.self) : nil
    default: step = nil
    }
    guard let step, arguments[0].label == nil,
      let initial = arguments[0].expression.as(DeclReferenceExprSyntax.self), initial.argumentNames == nil,
      let nextPosition = Self.nextPosition(in: step)
    else { return nil }
    var reversed = false
    if let inner = list.as(FunctionCallExprSyntax.self), inner.arguments.isEmpty, inner.trailingClosure == nil,
      let access = inner.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "reversed",
      let base = access.base
    {
      reversed = true
      list = base
    }
    guard let array = list.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
    var layers: [Layer] = []
    for element in array.elements {
      let expression = element.expression
      if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
        layers.append(Layer(type: nil, name: reference.baseName.text))
      } else if let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
        let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true
      {
        layers.append(Layer(type: type, name: access.declName.baseName.text))
      } else {
        return nil
      }
    }
    // `reduce` wraps the first element first: it is the innermost unless reversed.
    return (reversed ? layers.reversed() : layers, initial, nextPosition)
  }

  /// `{ next, layer in { request, scope in layer(request, scope, next) } }` (with `return`,
  /// `try`, `await` allowed): the position of `next` among `layer`'s arguments.
  private static func nextPosition(in step: ClosureExprSyntax) -> Int? {
    let names = ClosureSignature.parameterNames(of: step)
    guard names.count == 2, names[0] != "_", names[1] != "_", names[0] != names[1],
      let made = onlyExpression(of: step.statements)?.as(ClosureExprSyntax.self)
    else { return nil }
    let (next, layer) = (names[0], names[1])
    let parameters = ClosureSignature.parameterNames(of: made)
    guard !parameters.isEmpty, Set(parameters).count == parameters.count,
      !parameters.contains("_"), !parameters.contains(next), !parameters.contains(layer),
      var body = onlyExpression(of: made.statements)
    else { return nil }
    body = SyntaxFacts.underTryAndAwait(body)
    guard let call = body.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == layer
    else { return nil }
    var passed: [String] = []
    for argument in call.arguments {
      guard argument.label == nil, let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return nil }
      passed.append(name)
    }
    guard let position = passed.firstIndex(of: next), passed.lastIndex(of: next) == position else { return nil }
    passed.remove(at: position)
    return passed == parameters ? position : nil
  }

  /// The expression a body consists of: its only statement, or what that `return`s.
  private static func onlyExpression(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard statements.count == 1, let item = statements.first?.item else { return nil }
    if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
    return item.as(ExprSyntax.self)
  }
}
#endif
