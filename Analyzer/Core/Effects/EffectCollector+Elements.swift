#if ImplicitsAnalysis
import SwiftSyntax

/// What the analyzer knows of the elements of a sequence a `for` loop or a closure of
/// `forEach`, `map`, `filter`… walks: their key (the type written where the sequence is
/// declared: `[Screen]`, `Array<Row>`, the values of `[String: Row]`, a stored
/// property's annotation), or, for `self` in `extension Array where Element: Screen`,
/// only the protocol their calls reach.
struct SequenceElement {
  var key: WrittenKey?
  /// `some Screen`: the type a call on an element reaches when its key is unknown.
  var constraint: String?
}

extension EffectCollector {
  /// Sequence methods whose closure takes one element as its first parameter and runs in
  /// place.
  private static let elementClosureCallees: Set<String> = [
    "forEach", "map", "compactMap", "flatMap", "filter", "first", "last", "contains", "allSatisfy",
    "firstIndex", "lastIndex", "drop", "prefix", "removeAll",
  ]

  /// Collection types (and the protocols they are extended through) whose `self` is a
  /// sequence of `Element`.
  private static let collectionTypes: Set<String> = [
    "Array", "ArraySlice", "ContiguousArray", "Set", "Sequence", "Collection", "BidirectionalCollection",
    "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection",
  ]

  /// The elements of `sequence`, if its type is written where it is declared.
  func element(of sequence: ExprSyntax) -> SequenceElement? {
    // `rows.values` of a `[String: Row]`.
    if let member = sequence.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "values",
      member.declName.argumentNames == nil, let base = member.base
    {
      guard let dictionary = valueKey(of: base, variable: "values") else { return nil }
      if case .value(var value) = dictionary {
        value.wrapping.append(ValueKey.dictionaryValue)
        return SequenceElement(key: .value(value))
      }
      return NameKeys.dictionaryValue(of: dictionary).map { SequenceElement(key: $0) }
    }
    if sequence.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
      return Self.elementOfSelf(at: Syntax(sequence))
    }
    switch valueKey(of: sequence, variable: "element") {
    case .value(var value)?:
      value.wrapping.append(ValueKey.element)
      return SequenceElement(key: .value(value))
    case let key?: return NameKeys.element(of: key).map { SequenceElement(key: $0) }
    case nil: return nil
    }
  }

  /// `screens.forEach { $0.show(scope) }`, `forEach { screen in … }` in an extension of
  /// `[Screen]`: the closure's first parameter (named without a type, or `$0`) and the
  /// elements it is given.
  func elementParameter(of closure: ClosureExprSyntax) -> (name: String, element: SequenceElement)? {
    let call: FunctionCallExprSyntax
    if let parent = closure.parent?.as(FunctionCallExprSyntax.self), parent.trailingClosure?.id == closure.id {
      call = parent
    } else if let parent = closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
      closure.parent?.is(LabeledExprSyntax.self) == true
    {
      call = parent
    } else {
      return nil
    }
    let name: String
    switch closure.signature?.parameterClause {
    case .simpleInput(let list)?:
      guard let first = list.first else { return nil }
      name = first.name.text
    case .parameterClause(let clause)?:
      guard let first = clause.parameters.first, first.type == nil else { return nil }
      name = (first.secondName ?? first.firstName).text
    case nil:
      name = "$0"
    }
    let element: SequenceElement?
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      Self.elementClosureCallees.contains(member.declName.baseName.text)
    {
      element = member.base.flatMap { self.element(of: $0) }
    } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
      Self.elementClosureCallees.contains(reference.baseName.text)
    {
      // `forEach { }` on an implicit `self`.
      element = Self.elementOfSelf(at: Syntax(call))
    } else {
      return nil
    }
    return element.map { (name, $0) }
  }

  /// `Element` of `self` in an extension of a collection: the same-type requirement
  /// (`where Element == Row`) or generic argument (`extension [Row]`) gives its key; a
  /// conformance (`where Element: Screen`) only what calls on it reach.
  private static func elementOfSelf(at node: Syntax) -> SequenceElement? {
    var current = node.parent
    while let syntax = current {
      if let extensionDecl = syntax.as(ExtensionDeclSyntax.self) { return element(ofSelfIn: extensionDecl) }
      // `self` of a type nested in the extension, or of a closure's own type: not the collection.
      if syntax.is(StructDeclSyntax.self) || syntax.is(ClassDeclSyntax.self) || syntax.is(EnumDeclSyntax.self)
        || syntax.is(ActorDeclSyntax.self) || syntax.is(ProtocolDeclSyntax.self)
      {
        return nil
      }
      current = syntax.parent
    }
    return nil
  }

  private static func element(ofSelfIn extensionDecl: ExtensionDeclSyntax) -> SequenceElement? {
    let extended = KeySpelling.canonical(extensionDecl.extendedType)
    if let written = NameKeys.element(of: .spelled(extended)) { return SequenceElement(key: written) }
    guard collectionTypes.contains(GenericTypeName(KeyInference.typeName(extensionDecl.extendedType)).base) else {
      return nil
    }
    for requirement in (extensionDecl.genericWhereClause?.requirements).elements {
      switch requirement.requirement {
      case .sameTypeRequirement(let same) where same.leftType.trimmedDescription == "Element":
        return SequenceElement(key: .spelled(GenericTypeName.canonical(KeyInference.typeName(same.rightType))))
      case .conformanceRequirement(let conformance) where conformance.leftType.trimmedDescription == "Element":
        return SequenceElement(key: nil, constraint: "some " + KeyInference.typeName(conformance.rightType))
      default: continue
      }
    }
    return nil
  }
}
#endif
