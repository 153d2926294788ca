#if ImplicitsAnalysis
import SwiftSyntax

/// Keys of typed names: `@Implicit var session = session` takes its key from the type
/// written where `session` is declared (a parameter, an annotated local, a stored property,
/// an `if let` of an annotated optional, a `for` over an annotated collection). The
/// analyzer never guesses: a name bound without a known type hides whatever an outer
/// declaration of that name says, and its key stays unknown.
enum NameKeys {
  /// Bound, type unknown.
  static let unknown = WrittenKey.spelled("")

  /// `T` for `[T]`, `Array<T>`, `Set<T>` and `ArraySlice<T>` (canonical spellings), the
  /// element a `for` loop binds; `nil` otherwise.
  static func element(of collection: WrittenKey) -> WrittenKey? {
    guard case .spelled(let collection) = collection else { return nil }
    if collection.hasPrefix("["), collection.hasSuffix("]") {
      let inner = collection.dropFirst().dropLast()
      // `[K: V]` binds `(key:value:)` pairs.
      var depth = 0
      for character in inner {
        switch character {
        case "[", "<", "(": depth += 1
        case "]", ">", ")": depth -= 1
        case ":" where depth == 0: return nil
        default: break
        }
      }
      return .spelled(String(inner))
    }
    for prefix in ["Array<", "Set<", "ArraySlice<", "ContiguousArray<"]
    where collection.hasPrefix(prefix) && collection.hasSuffix(">") {
      return .spelled(String(collection.dropFirst(prefix.count).dropLast()))
    }
    return nil
  }

  /// `V` for `[K: V]` and `Dictionary<K, V>` (what `.values` yields); `nil` otherwise.
  static func dictionaryValue(of dictionary: WrittenKey) -> WrittenKey? {
    guard case .spelled(let dictionary) = dictionary else { return nil }
    let inner: Substring
    let separator: Character
    if dictionary.hasPrefix("["), dictionary.hasSuffix("]") {
      (inner, separator) = (dictionary.dropFirst().dropLast(), ":")
    } else if dictionary.hasPrefix("Dictionary<"), dictionary.hasSuffix(">") {
      (inner, separator) = (dictionary.dropFirst("Dictionary<".count).dropLast(), ",")
    } else {
      return nil
    }
    var depth = 0
    for index in inner.indices {
      switch inner[index] {
      case "[", "<", "(": depth += 1
      case "]", ">", ")": depth -= 1
      case separator where depth == 0:
        let value = inner[inner.index(after: index)...].drop { $0 == " " }
        return value.isEmpty ? nil : .spelled(String(value))
      default: break
      }
    }
    return nil
  }

  /// The key of a parameter's value: `inout`, ownership and attributes do not change it;
  /// `T...` is `[T]`.
  static func parameterKey(_ parameter: FunctionParameterSyntax) -> WrittenKey {
    var type = parameter.type
    while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    let key = KeySpelling.canonical(type)
    return .spelled(parameter.ellipsis != nil ? "[" + key + "]" : key)
  }
}

extension EffectCollector {
  /// The key of the value `expr` names, if its type is written where it is declared: a
  /// local or parameter, `x` or `self.x` for a stored property of the enclosing type,
  /// `T.x` for a static property or case, `v.x` for a property of a value of known type
  /// (a `ValueKey` that `KeyResolver` looks up once every file is read).
  func nameKey(of expr: ExprSyntax) -> WrittenKey? {
    if let reference = expr.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
      let known = environment.nameKeys[reference.baseName.text]
    {
      return known == NameKeys.unknown ? nil : known
    }
    guard let (owner, path) = propertyPath(of: expr), !path.isEmpty else { return nil }
    return .value(ValueKey(property: path.joined(separator: "."), of: owner))
  }

  /// `self.context.user` → (enclosing type, `[context, user]`), `request.session` → (the
  /// key of `request`, `[session]`), `Analytics.shared` → (`Analytics`, `[shared]`).
  private func propertyPath(of expr: ExprSyntax) -> (owner: String, path: [String])? {
    if let reference = expr.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      let name = reference.baseName.text
      if name == "self" { return typeName.map { ($0, []) } }
      if let written = environment.nameKeys[name] {
        // `let container = Container.shared` or `= Container()`: the property's or the
        // initialised type, looked up once every file is read (a failable initializer's
        // optional would need `?.` to reach a property).
        if case .value(let value) = written, value.wrapping.isEmpty {
          switch value.kind {
          case .property: return (value.type, value.name.split(separator: ".").map(String.init))
          case .initializer where !value.type.utf8.contains(UInt8(ascii: "<")): return (value.type, [])
          case .initializer, .call: return nil
          }
        }
        // A value of a known, non-generic, non-optional type (its properties are plain).
        guard written != NameKeys.unknown, case .spelled(let known) = written, !known.hasSuffix("?"),
          !known.utf8.contains(UInt8(ascii: "<"))
        else { return nil }
        return (known, [])
      }
      guard let typeName, !KeyInference.isTypeLike(name) else { return nil }
      return (typeName, [name])
    }
    guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
      let base = member.base
    else { return nil }
    let name = member.declName.baseName.text
    // `Analytics.shared`, `Theme.dark`: a static property or a case of a type.
    if let type = KeyInference.typeName(called: base) { return (type, [name]) }
    return propertyPath(of: base).map { ($0.owner, $0.path + [name]) }
  }

  /// The key of a value as `@Implicit var x = value` or `let x = value` declares it.
  func valueKey(of value: ExprSyntax, variable: String) -> WrittenKey? {
    KeyInference.declaredKey(of: value, variable: variable, names: nameKey)
  }

  /// Records that `name` is bound here, to a value of `key` (`nil`: unknown), that is
  /// `memberAccess` if it is one.
  func bindName(_ name: String, key: WrittenKey?, memberAccess: ExprSyntax? = nil) {
    environment.setNameKey(name, key ?? NameKeys.unknown, memberAccess: memberAccess)
    environment.removeParameterIndex(name)
    environment.setMetatype(name, nil)
    environment.setComposedChain(name, nil)
  }

  /// A block starts: the names its `if let` or `for` binds come into sight.
  func enterNamesOfBlock(_ block: CodeBlockSyntax) {
    guard let names = environment.takeNamesBound(in: block.id) else { return }
    for name in names { bindValue(name.name, key: name.key) }
    for name in names {
      if let type = name.constraint { environment.setType(type, of: name.name) }
    }
  }

  /// `name` is bound to a value that is not a scope the analyzer follows: it hides a scope
  /// of that name (a name that is not an `ImplicitScope` is never a scope), and one of
  /// type `ImplicitScope` is a scope it cannot follow.
  private func bindValue(_ name: String, key: WrittenKey?) {
    environment.setNameKey(name, key ?? NameKeys.unknown)
    environment.removeParameterIndex(name)
    environment.setComposedChain(name, nil)
    environment.setMetatype(name, nil)
    hideScope(name)
    if case .spelled(let key)? = key, ScopeType.isScope(spelling: key) { environment.setType(key, of: name) }
  }

  /// Every name a pattern binds that is not read more precisely elsewhere: bound, type unknown.
  func bindPattern(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    bindName(node.identifier.text, key: nil)
    return .skipChildren
  }

  /// `if let user = user`, `guard let user`, `while let next = iterator.next()`: the
  /// binding unwraps the value's key. A `guard` binds for the rest of the block, `if` and
  /// `while` for their body only.
  func bindOptional(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
    let value = node.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
    let key: WrittenKey? =
      if let annotation = node.typeAnnotation?.type { .spelled(KeySpelling.canonical(annotation)) } else {
        valueKey(of: value, variable: name).map { $0.wrapped("!") }
      }
    if let initializer = node.initializer { walk(initializer.value) }
    var parent = node.parent
    while let current = parent, !current.is(GuardStmtSyntax.self), !current.is(IfExprSyntax.self),
      !current.is(WhileStmtSyntax.self)
    {
      parent = current.parent
    }
    // `guard let cell = view as? RowCell`: a `RowCell` (its properties' types tell what a
    // closure assigned to them takes).
    // `if let scope = scopes.first`: a scope kept in a collection, which it cannot follow.
    let cast = node.initializer.flatMap { SyntaxFacts.castType(of: $0.value) ?? heldScopeType($0.value) }
    if parent?.is(GuardStmtSyntax.self) == true {
      bindValue(name, key: key)
      if let cast { environment.setType(cast, of: name) }
    } else if let body = parent?.as(IfExprSyntax.self)?.body ?? parent?.as(WhileStmtSyntax.self)?.body {
      environment.bindInBlock(body.id, name, key: key ?? NameKeys.unknown, constraint: cast)
    }
    return .skipChildren
  }

  /// `for account in accounts` where `accounts: [Account]`: the body sees `account: Account`.
  func bindLoopVariable(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
    let element = node.tryKeyword == nil ? element(of: node.sequence) : nil
    environment.bindInBlock(node.body.id, name, key: element?.key ?? NameKeys.unknown, constraint: element?.constraint)
    // The loop variable is bound in the body only: after the loop the name is what it was.
    walk(node.sequence)
    if let whereClause = node.whereClause { walk(whereClause) }
    walk(node.body)
    return .skipChildren
  }
}
#endif
