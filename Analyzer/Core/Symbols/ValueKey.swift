#if ImplicitsAnalysis
import SwiftSyntax

/// The key an initial value declares, when it depends on declarations elsewhere in the
/// module: `Settings(json:)` is `Settings?` if that initializer is failable, `loadConfig()`
/// has the return type its declaration states. The per-file pass writes it as an encoded
/// `KeyName`; `KeyResolver` turns it into a real key once every file is read.
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

  private static let marker: Character = "\u{1}"
  private static let markerByte: UInt8 = 1

  /// Built in one string (not seven joined): this runs for every declaration whose key
  /// depends on other files.
  var encoded: KeyName {
    var text = String(Self.marker)
    text.reserveCapacity(type.utf8.count + name.utf8.count + variable.utf8.count + wrapping.utf8.count + 4 * labels.count + 16)
    text += kind.rawValue
    text.append(Self.marker)
    text += type
    text.append(Self.marker)
    text += name
    text.append(Self.marker)
    for (index, label) in labels.enumerated() {
      if index > 0 { text.append(",") }
      text += label ?? "_"
    }
    text.append(Self.marker)
    text.append(firstArgument)
    text.append(Self.marker)
    text += wrapping
    text.append(Self.marker)
    text += variable
    return text
  }

  init(kind: Kind, type: String, name: String, labels: [String?], firstArgument: Character, variable: String) {
    self.kind = kind
    self.type = type
    self.name = name
    self.labels = labels
    self.firstArgument = firstArgument
    self.wrapping = ""
    self.variable = variable
  }

  /// `name` or `self.name` in a body of `type`: the key of the stored property's value.
  init(property name: String, of type: String) {
    self.init(kind: .property, type: type, name: name, labels: [], firstArgument: "o", variable: name)
  }

  /// `key` with the message naming `variable` when it cannot be told.
  ///
  /// The variable is the last field: it is replaced in the encoded bytes, without
  /// decoding the key into seven strings and encoding them again (this runs for every
  /// `@Implicit` declaration of the module).
  static func naming(_ key: KeyName, _ variable: String) -> KeyName {
    guard isEncoded(key) else { return key }
    var markers = 0
    var last = key.utf8.startIndex
    for index in key.utf8.indices where key.utf8[index] == markerByte {
      markers += 1
      last = index
    }
    guard markers == fieldCount else { return key }
    return String(key[...last]) + variable
  }

  private static let fieldCount = 7

  init?(decoding key: KeyName) {
    // On UTF-8 bytes, not characters: this runs for every key of the module.
    guard key.utf8.first == Self.markerByte else { return nil }
    // The fields between markers, each a string made straight from its bytes.
    var fields: [String] = []
    fields.reserveCapacity(Self.fieldCount)
    let utf8 = key.utf8
    var start = utf8.index(after: utf8.startIndex)
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == Self.markerByte {
        fields.append(String(key[start..<index]))
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    fields.append(String(key[start..<utf8.endIndex]))
    guard fields.count == Self.fieldCount, let kind = Kind(rawValue: fields[0]) else { return nil }
    self.kind = kind
    type = fields[1]
    name = fields[2]
    labels = fields[3].isEmpty ? [] : fields[3].split(separator: ",").map { $0 == "_" ? nil : String($0) }
    firstArgument = fields[4].first ?? "o"
    wrapping = fields[5]
    variable = fields[6]
  }

  static func isEncoded(_ key: KeyName) -> Bool { key.utf8.first == markerByte }

  /// Applies `?` (optional) and `!` (unwrap) to an encoded or plain key.
  static func wrap(_ key: KeyName, _ operation: Character) -> KeyName {
    if var value = ValueKey(decoding: key) {
      value.wrapping.append(operation)
      return value.encoded
    }
    return apply(String(operation), to: key)
  }

  static func apply(_ wrapping: String, to key: KeyName) -> KeyName {
    var key = key
    for operation in wrapping {
      if operation == "?" {
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
  /// The key `@Implicit var name = value` declares; an encoded `ValueKey` when it depends
  /// on other declarations; `nil` when syntax cannot tell.
  /// - Parameter names: the key of a value a name stands for (`session`, `self.cache`).
  static func declaredKey(
    of value: ExprSyntax, variable: String, names: (ExprSyntax) -> KeyName? = { _ in nil }
  ) -> KeyName? {
    if let literal = literalKey(value) { return literal }
    if let named = names(value) { return named }
    if let tryExpr = value.as(TryExprSyntax.self) {
      guard let inner = declaredKey(of: tryExpr.expression, variable: variable, names: names) else { return nil }
      return tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? ValueKey.wrap(inner, "?") : inner
    }
    if let awaitExpr = value.as(AwaitExprSyntax.self) { return declaredKey(of: awaitExpr.expression, variable: variable, names: names) }
    if let unwrap = value.as(ForceUnwrapExprSyntax.self) {
      return declaredKey(of: unwrap.expression, variable: variable, names: names).map { ValueKey.wrap($0, "!") }
    }
    if let cast = value.as(AsExprSyntax.self) {
      let type = KeySpelling.canonical(cast.type)
      return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? KeySpelling.optionalOf(type) : type
    }
    if let sequence = value.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      // `a ?? b`: the type of `b` (when `b` is not optional, which is what people write).
      if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
        return declaredKey(of: elements[2], variable: variable, names: names)
      }
      // `x as T` before folding.
      if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
        let type = elements[2].as(TypeExprSyntax.self)
      {
        let key = KeySpelling.canonical(type.type)
        return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? KeySpelling.optionalOf(key) : key
      }
      return nil
    }
    if let array = value.as(ArrayExprSyntax.self), let first = array.elements.first,
      let element = literalKey(first.expression),
      array.elements.allSatisfy({ literalKey($0.expression) == element })
    {
      return "[" + element + "]"
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
      return ValueKey(kind: .initializer, type: canonical, name: "init", labels: labels, firstArgument: first,
        variable: variable).encoded
    }
    // `loadConfig()`, `Environment.current()`: a function of the module with a declared type.
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return ValueKey(kind: .call, type: "", name: reference.baseName.text, labels: labels, firstArgument: first,
        variable: variable).encoded
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
      let receiver = typeName(called: base)
    {
      return ValueKey(kind: .call, type: receiver, name: member.declName.baseName.text, labels: labels,
        firstArgument: first, variable: variable).encoded
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
