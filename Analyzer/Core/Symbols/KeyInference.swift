#if ImplicitsAnalysis
@_spi(RawSyntax) import SwiftSyntax

/// Key identity without a type checker: explicit annotations, `T(...)`, `T.self`,
/// key paths and literals. Everything else is `nil`, and the caller asks for an annotation.
enum KeyInference {
  /// `Foo`, `Foo<Bar>`, `[Int]` with whitespace and trivia removed.
  static func typeName(_ type: some SyntaxProtocol) -> String {
    // Fast path: a plain identifier (`Foo`) needs no printing of the subtree.
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      return identifier.name.text
    }
    if let reference = type.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return reference.baseName.text
    }
    // The tokens' texts, with one space between two words (`any Service`, `some View`) and
    // no trivia. Read token by token: `trimmedDescription` builds a trimmed copy of the
    // subtree first (~40,000 instructions for `[String]`), and splitting it on whitespace
    // walks it by `Character`.
    var text: [UInt8] = []
    for token in type.tokens(viewMode: .sourceAccurate) {
      let bytes = token.rawText
      guard let first = bytes.first else { continue }
      if let last = text.last, isWordByte(last), isWordByte(first) { text.append(UInt8(ascii: " ")) }
      text.append(contentsOf: bytes)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A byte that can be part of a word: a letter, a digit, `_`, or any byte of a non-ASCII
  /// character (identifiers may use them; no Swift punctuation does).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }

  /// The key named by an attribute or `Implicit.map` argument: `\.name` or `T.self`.
  static func key(fromArgument expr: ExprSyntax) -> KeyName? {
    if let keyPath = expr.as(KeyPathExprSyntax.self),
      let last = keyPath.components.last,
      case .property(let property) = last.component
    {
      return .named(property.declName.baseName.text)
    }
    if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    {
      let name = KeySpelling.canonical(expression: base)
      // `TypeImplicitKey<T>` is the type key of `T`.
      if name.hasPrefix("TypeImplicitKey<"), name.hasSuffix(">") {
        return String(name.dropFirst("TypeImplicitKey<".count).dropLast())
      }
      return name
    }
    return nil
  }

  /// The key an initial value provides: `T(...)`, `T.init(...)`, `Mod.T(...)`, literals.
  static func key(fromValue expr: ExprSyntax) -> KeyName? {
    if let literal = literalKey(expr) { return literal }
    if let call = expr.as(FunctionCallExprSyntax.self) {
      return typeName(called: call.calledExpression)
    }
    // `ready ? Logger(level: 1) : Logger(level: 0)` when both sides say the same (see
    // `declaredKey(of:variable:names:)`).
    if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
      let elements = Array(sequence.elements)
      if let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
        let chosen = key(fromValue: ternary.thenExpression), key(fromValue: elements[elements.count - 1]) == chosen
      {
        return chosen
      }
    }
    // `[1, 2]` is `[Int]` when every element says the same.
    if let array = expr.as(ArrayExprSyntax.self), let first = array.elements.first,
      let element = key(fromValue: first.expression),
      array.elements.allSatisfy({ key(fromValue: $0.expression) == element })
    {
      return "[" + element + "]"
    }
    return nil
  }

  /// `Foo` for `Foo(`, `Foo<T>(`, `Foo.init(`, `Outer.Inner(`; `nil` for `make(` or `x.y(`.
  static func typeName(called: ExprSyntax) -> String? {
    if let ref = called.as(DeclReferenceExprSyntax.self) {
      return isTypeLike(ref.baseName.text) ? ref.baseName.text : nil
    }
    if let generic = called.as(GenericSpecializationExprSyntax.self),
      typeName(called: generic.expression) != nil
    {
      return typeName(generic)
    }
    if let member = called.as(MemberAccessExprSyntax.self), let base = member.base {
      guard let baseName = typeName(called: base) else { return nil }
      let name = member.declName.baseName.text
      if name == "init" { return baseName }
      return isTypeLike(name) ? baseName + "." + name : nil
    }
    return nil
  }

  /// The first of `parameters` that `key` names (`T` in `[T]`, `Box<T>`), if any.
  static func genericParameter(in key: KeyName, _ parameters: Set<String>) -> String? {
    guard !parameters.isEmpty, !key.hasPrefix("\\.") else { return nil }
    var word = ""
    for character in key + " " {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        if parameters.contains(word) { return word }
        word = ""
      }
    }
    return nil
  }

  /// `1` is `Int`, `-1.5` is `Double`, `"a"` is `String`, `true` is `Bool`.
  static func literalKey(_ expr: ExprSyntax) -> KeyName? {
    switch expr.kind {
    case .integerLiteralExpr: return "Int"
    case .floatLiteralExpr: return "Double"
    case .stringLiteralExpr: return "String"
    case .booleanLiteralExpr: return "Bool"
    default: break
    }
    if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return literalKey(prefix.expression)
    }
    return nil
  }

  /// Swift naming convention: types are UpperCamelCase.
  static func isTypeLike(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    return first.properties.isUppercase
  }
}
#endif
