#if ImplicitsAnalysis
import SwiftSyntax

/// The key an initial value declares, when it depends on declarations elsewhere in the
/// module: `Settings(json:)` is `Settings?` if that initializer is failable, `loadConfig()`
/// has the return type its declaration states. The per-file pass carries it as a value
/// (`WrittenKey.value`); `KeyResolver` turns it into a real key once every file is read.
struct ValueKey: Hashable, Sendable {
  /// `property`: a stored property `name` of `type`, read as `name` or `self.name`.
  enum Kind: String, Sendable { case initializer = "init", call, property }

  var kind: Kind
  /// The type initialised, or the receiver type of a static call (empty for free functions).
  var type: String
  /// The function called (`init` for initializers).
  var name: String
  var labels: [String?]
  /// What the first unlabelled argument is: `s` string literal, `n` number literal, `o` other.
  var firstArgument: Character
  /// Applied in order: `?` makes optional (`try?`), `!` unwraps (`!`).
  var wrapping: String
  /// The declared variable, for the message when the key cannot be told.
  var variable: String

  init(kind: Kind, type: String, name: String, labels: [String?], firstArgument: Character, variable: String) {
    self.kind = kind
    self.type = type
    self.name = name
    self.labels = labels
    self.firstArgument = firstArgument
    self.wrapping = ""
    self.variable = variable
  }

  /// The type a value made by a plain initializer call is (`Theme()`: `Theme`), whatever
  /// its key turns out to be (a failable initializer makes that optional); `nil` for other
  /// values and for one `try?` or `!` wraps.
  var initializedType: String? { kind == .initializer && wrapping.isEmpty ? type : nil }

  /// `name` or `self.name` in a body of `type`: the key of the stored property's value.
  init(property name: String, of type: String) {
    self.init(kind: .property, type: type, name: name, labels: [], firstArgument: "o", variable: name)
  }

  /// The three fields that tell most keys apart: each key of a file is looked up in a
  /// dictionary once it is resolved (`FileAnalyzer.resolveKeys`), and hashing the labels
  /// and the one-character fields too made that cost more than the string it replaced.
  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(name)
    hasher.combine(variable)
  }

  /// The fields, each after a U+0001: for digests, and for ordering (before every spelled
  /// key). Not on the way from a declaration to its resolved key.
  var description: String {
    let marker = "\u{1}"
    let labelText = labels.map { $0 ?? "_" }.joined(separator: ",")
    return [kind.rawValue, type, name, labelText, String(firstArgument), wrapping, variable]
      .map { marker + $0 }.joined()
  }

  /// A `wrapping` operation: the element of a collection (`for row in rows`).
  static let element: Character = "e"
  /// A `wrapping` operation: the value type of a dictionary (`for row in rows.values`).
  static let dictionaryValue: Character = "v"

  /// The key after `wrapping`; `nil` when an element is asked of what is no collection.
  static func apply(_ wrapping: String, to key: KeyName) -> KeyName? {
    var key = key
    for operation in wrapping {
      if operation == element || operation == dictionaryValue {
        let inner = operation == element ? NameKeys.element(of: .spelled(key)) : NameKeys.dictionaryValue(of: .spelled(key))
        guard case .spelled(let spelled)? = inner else { return nil }
        key = spelled
      } else if operation == "?" {
        if !key.hasSuffix("?") { key = KeySpelling.optionalOf(key) }  // `try?` flattens optionals
      } else if key.hasSuffix("?") {
        key.removeLast()
        if key.hasPrefix("("), key.hasSuffix(")") { key = String(key.dropFirst().dropLast()) }
      }
    }
    return key
  }
}

extension KeyInference {
  /// The key `@Implicit var name = value` declares; a `ValueKey` when it depends on other
  /// declarations; `nil` when syntax cannot tell.
  /// - Parameter names: the key of a value a name stands for (`session`, `self.cache`).
  static func declaredKey(
    of value: ExprSyntax, variable: String, names: (ExprSyntax) -> WrittenKey? = { _ in nil }
  ) -> WrittenKey? {
    if let literal = literalKey(value) { return .spelled(literal) }
    if let named = names(value) { return named }
    if let tryExpr = value.as(TryExprSyntax.self) {
      guard let inner = declaredKey(of: tryExpr.expression, variable: variable, names: names) else { return nil }
      return tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? inner.wrapped("?") : inner
    }
    if let awaitExpr = value.as(AwaitExprSyntax.self) { return declaredKey(of: awaitExpr.expression, variable: variable, names: names) }
    if let unwrap = value.as(ForceUnwrapExprSyntax.self) {
      return declaredKey(of: unwrap.expression, variable: variable, names: names).map { $0.wrapped("!") }
    }
    if let cast = value.as(AsExprSyntax.self) {
      let type = KeySpelling.canonical(cast.type)
      return .spelled(cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? KeySpelling.optionalOf(type) : type)
    }
    if let sequence = value.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      // `a ?? b`: the type of `b` (when `b` is not optional, which is what people write).
      if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
        return declaredKey(of: elements[2], variable: variable, names: names)
      }
      // `ready ? Logger(level: 1) : Logger(level: 0)`: Swift gives both sides one type; the
      // key is known when both are written alike (the condition's operators bind tighter, so
      // a ternary second to last is the whole expression).
      if elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
        let chosen = declaredKey(of: ternary.thenExpression, variable: variable, names: names),
        declaredKey(of: elements[elements.count - 1], variable: variable, names: names) == chosen
      {
        return chosen
      }
      // `x as T` before folding.
      if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
        let type = elements[2].as(TypeExprSyntax.self)
      {
        let key = KeySpelling.canonical(type.type)
        return .spelled(cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? KeySpelling.optionalOf(key) : key)
      }
      return nil
    }
    if let array = value.as(ArrayExprSyntax.self), let first = array.elements.first,
      let element = literalKey(first.expression),
      array.elements.allSatisfy({ literalKey($0.expression) == element })
    {
      return .spelled("[" + element + "]")
    }
    guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
    var labels: [String?] = call.arguments.elements.map { $0.label?.text }
    if call.trailingClosure != nil { labels.append(CallSite.trailingLabel) }
    let first: Character
    switch call.arguments.first.map({ $0.label == nil ? $0.expression.kind : nil }) {
    case .stringLiteralExpr?: first = "s"
    case .integerLiteralExpr?, .floatLiteralExpr?: first = "n"
    default: first = "o"
    }
    if let type = typeName(called: call.calledExpression) {
      let canonical = canonicalTypeName(called: call.calledExpression) ?? type
      return .value(ValueKey(kind: .initializer, type: canonical, name: "init", labels: labels, firstArgument: first,
        variable: variable))
    }
    // `loadConfig()`, `Environment.current()`: a function of the module with a declared type.
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return .value(ValueKey(kind: .call, type: "", name: reference.baseName.text, labels: labels, firstArgument: first,
        variable: variable))
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
      let receiver = typeName(called: base)
    {
      return .value(ValueKey(kind: .call, type: receiver, name: member.declName.baseName.text, labels: labels,
        firstArgument: first, variable: variable))
    }
    return nil
  }

  /// `Box<Int>` for `Box<Int>(…)` with its generic arguments in canonical spelling.
  private static func canonicalTypeName(called: ExprSyntax) -> String? {
    guard let generic = called.as(GenericSpecializationExprSyntax.self),
      let base = typeName(called: generic.expression)
    else { return nil }
    return KeySpelling.generic(base, generic.genericArgumentClause)
  }
}
#endif
