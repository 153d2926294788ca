#if ImplicitsAnalysis
import SwiftSyntax

/// Pass 1 over a file: which functions, types, stored implicits and named keys it declares
/// (`found`), and the bodies and stored bags it finds (`bodies`). Bodies are not walked
/// here: `EffectCollector` walks them, and reads the functions declared inside them with
/// `localFunction`. Once `collect` returns, nothing changes the collector.
final class DeclarationCollector: IfConfigWalker {
  private let file: FileContext
  private(set) var found = FileDeclarations()
  private(set) var bodies = DeclaredBodies()
  private(set) var diagnostics: [Diagnostic] = []
  /// Enclosing types, with the generic parameters visible in them.
  private var typeStack: [Context] = []
  /// Keys declared by `@Suite(.implicits { … })` of each enclosing type, innermost last.
  private var suiteTraitKeys: [[WrittenKey]?] = []
  /// Keys an enclosing XCTest case declares in its `invokeTest()` with `withImplicits`.
  private var invokeTestKeys: [[WrittenKey]?] = []
  /// The `#if` clauses around the declaration being read, outermost first.
  private var branches: [ConditionalBranch] = []

  enum TypeKind { case finalClass, openClass, valueType, `protocol`, `extension`, namedKeys }

  private init(file: FileContext) {
    self.file = file
    super.init(conditions: file.conditions)
  }

  /// Reads the declarations of `tree`, and its statements outside any declaration (a
  /// `main.swift`) as one body without a scope.
  static func collect(_ tree: SourceFileSyntax, file: FileContext) -> DeclarationCollector {
    let collector = DeclarationCollector(file: file)
    collector.walk(tree)
    collector.addTopLevelCode(of: tree)
    collector.scopeProperties = collector.storedScopeProperties()
    collector.bagPropertyNames = collector.storedBagPropertyNames()
    return collector
  }

  private func addTopLevelCode(of tree: SourceFileSyntax) {
    let statements: [CodeBlockItemSyntax] = tree.statements.elements.filter { item in
      guard case .decl(let decl) = item.item else { return true }
      return decl.is(VariableDeclSyntax.self)
    }
    guard !statements.isEmpty else { return }
    let node = BodyNode(kind: .topLevel, name: "top-level code", location: file.location(of: statements[0]))
    bodies.add(node, walking: .init(
      node: bodies.nextNode, statements: statements, scopeParameter: nil, typeName: nil, parameterTypes: [:]))
  }

  private func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol) {
    diagnostics.append(file.error(id, message, at: node))
  }

  /// Whether the file declares a function named `name` outside bodies.
  func declaresFunction(_ name: String) -> Bool {
    found.functions.contains { $0.baseName == name }
  }

  /// Stored properties of type `ImplicitScope` of each type declared in this file (read
  /// by the effects pass).
  private(set) var scopeProperties: [String: Set<String>] = [:]
  /// Stored properties a member of the type sets to a scope it creates (`setUp`, a suite's
  /// `init`): reported once there (`scope-not-let`), and the effects pass reports none of
  /// their uses.
  private(set) var propertiesSetToScopes: [String: Set<String>] = [:]

  /// Stored properties that hold scopes in a collection or tuple (`var scopes:
  /// [ImplicitScope]`), of each type declared in this file: property → its written type.
  private(set) var scopeHolderProperties: [String: [String: String]] = [:]

  private func storedScopeProperties() -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for type in found.types {
      for (name, propertyType) in type.propertyTypes {
        if ScopeType.isScope(spelling: propertyType) {
          result[type.name, default: []].insert(name)
        } else if ScopeType.holdsScopes(spelling: propertyType) {
          scopeHolderProperties[type.name, default: [:]][name] = propertyType
        }
      }
    }
    return result
  }

  /// The written type of stored property `name` of `type` when this file declares it
  /// (`environment` of a view holding a `ViewEnvironment`): asked only for the few bags
  /// restored or handed on through a property's property.
  func storedPropertyType(_ name: String, of type: String) -> String? {
    for declared in found.types where declared.name == type {
      if let property = declared.propertyTypes.first(where: { $0.name == name }) { return property.type }
    }
    return nil
  }

  /// Stored properties that hold a bag, of each type declared in this file: captured as the
  /// initial value, or declared `Implicits` (assigned in an initializer). Read by the effects
  /// pass, which follows such a property handed to a function that restores it.
  private(set) var bagPropertyNames: [String: Set<String>] = [:]

  private func storedBagPropertyNames() -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for type in found.types {
      for (name, _) in type.bagProperties { result[type.name, default: []].insert(name) }
      for (name, propertyType) in type.propertyTypes where BagType.isBag(spelling: propertyType) {
        result[type.name, default: []].insert(name)
      }
    }
    // A subclass hands on its superclass's bag too, when both are declared in this file.
    guard !result.isEmpty else { return result }
    let superclasses = Dictionary(found.types.compactMap { type in type.superclass.map { (type.name, $0) } },
      uniquingKeysWith: { first, _ in first })
    for type in superclasses.keys {
      var current = type
      for _ in 0..<8 {
        guard let written = superclasses[current] else { break }
        let context = current.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(current[..<$0]) }
        guard let owner = [context.map { "\($0).\(written)" }, written].compactMap({ $0 })
          .first(where: { result[$0] != nil || superclasses[$0] != nil }), owner != type
        else { break }
        result[type, default: []].formUnion(result[owner] ?? [])
        current = owner
      }
    }
    return result
  }

  /// The keys `.implicits { }` traits in `attributes` declare. One that cannot be read is
  /// reported at its declaration and provides `KeyName.uninferable`, so that the reads it
  /// may provide are not reported as well; a value's key is resolved across files later,
  /// and reported there (`FileDeclarations.traitValueKeys`).
  private func traitKeys(in attributes: AttributeListSyntax) -> [WrittenKey]? {
    ProvidedByLibrary.traitDeclarations(in: attributes)?.map { declaration in
      guard let key = declaration.key else {
        error(.keyNotInferable, ImplicitAttribute.cannotInferMessage(declaration.variable), at: declaration.pattern)
        return .spelled(KeyName.uninferable)
      }
      if case .value = key { found.traitValueKeys.append((key, file.location(of: declaration.pattern))) }
      return key
    }
  }

  // MARK: Types

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    let result = pushType(
      node.name.text, kind: .valueType, generics: node.genericParameterClause, at: node, attributes: node.attributes,
      inheritance: node.inheritanceClause)
    found.types[found.types.count - 1].hasMemberwiseInit = !declaresInitInEveryConfiguration(node.memberBlock.members)
    return result
  }

  /// Whether `members` write an `init` in every configuration that may be compiled. Swift
  /// synthesizes the memberwise one only when none is written, so where an `init` sits in
  /// one clause of an `#if` the analyzer cannot decide, the other configurations have it.
  private func declaresInitInEveryConfiguration(_ members: MemberBlockItemListSyntax) -> Bool {
    members.contains { member in
      if member.decl.is(InitializerDeclSyntax.self) { return true }
      guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return false }
      let (clauses, exhaustive) = conditions.possibleClauses(of: ifConfig)
      return exhaustive && clauses.allSatisfy { clause in
        guard case .decls(let decls) = clause.clause.elements else { return false }
        return declaresInitInEveryConfiguration(decls)
      }
    }
  }
  override func visitPost(_ node: StructDeclSyntax) { popType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      node.name.text, kind: .valueType, generics: node.genericParameterClause, at: node, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: EnumDeclSyntax) { popType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      node.name.text, kind: .finalClass, generics: node.genericParameterClause, at: node, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: ActorDeclSyntax) { popType() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let isFinal = SyntaxFacts.has("final", in: node.modifiers)
    let result = pushType(
      node.name.text, kind: isFinal ? .finalClass : .openClass, generics: node.genericParameterClause, at: node,
      attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock.members)
    // The superclass, if any, comes first in the inheritance clause.
    if let first = node.inheritanceClause?.inheritedTypes.first {
      found.types[found.types.count - 1].superclass = KeyInference.typeName(first.type)
    }
    return result
  }

  override func visitPost(_ node: ClassDeclSyntax) { popType() }

  /// `typealias Name = Target` (not generic ones): keys and receivers see through it.
  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.genericParameterClause == nil else { return .skipChildren }
    let name = typeStack.last.map { $0.name + "." + node.name.text } ?? node.name.text
    found.typeAliases.append((name, KeySpelling.canonical(node.initializer.value)))
    if let position = SyntaxFacts.scopeClosurePosition(of: node.initializer.value) {
      found.scopeClosureAliases.append((name, position))
    }
    return .skipChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(node.name.text, kind: .protocol, at: node, attributes: node.attributes, inheritance: nil)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { popType() }

  /// `extension Array where Element == Int` and `extension [Int]` extend `Array`; their
  /// members carry the constraint, so that only receivers that satisfy it reach them.
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let written = KeyInference.typeName(node.extendedType)
    let generic = GenericTypeName(written)
    let name = generic.base
    let isKeys = ImplicitsNaming.keysNamespaces.contains(name)
    var type = TypeDecl(name: name, location: file.location(of: node.extendedType), isExtension: true)
    for (position, argument) in generic.arguments.enumerated() { type.constraints["#\(position)"] = argument }
    type.inheritedTypes = Self.inheritedTypes(node.inheritanceClause)
    for requirement in (node.genericWhereClause?.requirements).elements {
      guard case .sameTypeRequirement(let same) = requirement.requirement else { continue }
      type.constraints[same.leftType.trimmedDescription] = GenericTypeName.canonical(KeyInference.typeName(same.rightType))
    }
    found.types.append(type)
    typeStack.append((name, found.types.count - 1, isKeys ? .namedKeys : .extension, typeStack.last?.generics ?? []))
    suiteTraitKeys.append(nil)
    invokeTestKeys.append(nil)
    if ProvidedByLibrary.conformsToDefaultImplicit(node.inheritanceClause) { found.defaultedTypes.append(written) }
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { popType() }

  /// Generic parameters of each type declared here (by index) → the protocol each conforms to.
  private var typeConformances: [Int: [String: String]] = [:]

  private func pushType(
    _ simpleName: String, kind: TypeKind, generics: GenericParameterClauseSyntax? = nil, at node: some SyntaxProtocol,
    attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?, members: MemberBlockItemListSyntax? = nil
  ) -> SyntaxVisitorContinueKind {
    let name = typeStack.last.map { $0.name + "." + simpleName } ?? simpleName
    let outer = typeStack.last?.generics ?? []
    var type = TypeDecl(name: name, location: file.location(of: node), isExtension: false)
    type.genericParameters = generics?.parameters.map(\.name.text) ?? []
    type.inheritedTypes = Self.inheritedTypes(inheritance)
    let modifiers = Syntax(node).asProtocol(WithModifiersSyntax.self)?.modifiers
    let outerIsPrivate = typeStack.last.map { $0.index >= 0 && found.types[$0.index].isFilePrivate } ?? false
    type.isFilePrivate = outerIsPrivate || modifiers.map { SyntaxFacts.access(of: $0) <= .fileprivate } ?? false
    type.invokeTestKeys = members.flatMap { ProvidedByLibrary.invokeTestKeys(in: $0, of: name) }
    type.isProtocol = kind == .protocol
    type.isPropertyWrapper = attributes.elements.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return SyntaxFacts.isNamed(attribute.attributeName, "propertyWrapper")
    }
    found.types.append(type)
    if let generics { typeConformances[found.types.count - 1] = Self.conformances(generics, nil) }
    typeStack.append((name, found.types.count - 1, kind, outer.union(Self.names(of: generics))))
    suiteTraitKeys.append(traitKeys(in: attributes))
    invokeTestKeys.append(type.invokeTestKeys)
    if ProvidedByLibrary.conformsToDefaultImplicit(inheritance) { found.defaultedTypes.append(name) }
    return .visitChildren
  }

  static func inheritedTypes(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.map { KeyInference.typeName($0.type) } ?? []
  }

  static func names(of generics: GenericParameterClauseSyntax?) -> Set<String> {
    Set(generics?.parameters.map(\.name.text) ?? [])
  }

  private func popType() {
    typeStack.removeLast()
    suiteTraitKeys.removeLast()
    invokeTestKeys.removeLast()
  }

  // MARK: #if

  /// Declarations in different clauses of one `#if` are alternatives.
  override func willWalk(_ clause: Clause) {
    branches.append(ConditionalBranch(ifConfig: file.location(of: clause.ifConfig), clause: clause.index))
  }

  override func didWalk(_ clause: Clause) {
    branches.removeLast()
  }

  /// Plain imports, repeated by the support file so that it sees the same types.
  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if undecidedClauses.isEmpty, node.attributes.isEmpty, node.importKindSpecifier == nil {
      found.imports.append(node.path.map(\.name.text).joined(separator: "."))
    }
    return .skipChildren
  }

  // MARK: Functions

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    add(read(node, in: typeStack.last, numbered: next))
    return .skipChildren
  }

  private func read(
    _ node: FunctionDeclSyntax, in context: Context?, numbered: (function: Int, node: Int)
  ) -> FunctionRead {
    // Operands of an operator function have no argument labels.
    let name = node.name
    let labels: ArgumentLabels
    switch name.tokenKind {
    case .binaryOperator, .prefixOperator, .postfixOperator: labels = .none
    default: labels = .declared
    }
    return readFunction(
      baseName: SyntaxFacts.unescaped(name), parameters: node.signature.parameterClause.parameters, labels: labels,
      modifiers: node.modifiers, attributes: node.attributes, body: node.body.map { Array($0.statements.elements) },
      returnType: node.signature.returnClause?.type, generics: Self.names(of: node.genericParameterClause),
      constraints: Self.conformances(node.genericParameterClause, node.genericWhereClause),
      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, at: name,
      in: context, numbered: numbered)
  }

  /// `<S: Store>` or `where S: Store`: generic parameter → the protocol it conforms to (the
  /// first one written), so that `store.refresh(scope)` on an `S` reaches `Store`'s methods.
  static func conformances(
    _ generics: GenericParameterClauseSyntax?, _ whereClause: GenericWhereClauseSyntax?
  ) -> [String: String] {
    var constraints: [String: String] = [:]
    for parameter in (generics?.parameters).elements {
      if let inherited = parameter.inheritedType { constraints[parameter.name.text] = KeyInference.typeName(inherited) }
    }
    for requirement in (whereClause?.requirements).elements {
      guard case .conformanceRequirement(let conformance) = requirement.requirement else { continue }
      let name = KeyInference.typeName(conformance.leftType)
      if constraints[name] == nil { constraints[name] = KeyInference.typeName(conformance.rightType) }
    }
    return constraints
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    add(readFunction(
      baseName: "init", parameters: node.signature.parameterClause.parameters, labels: .declared,
      modifiers: node.modifiers, attributes: node.attributes, body: node.body.map { Array($0.statements.elements) },
      returnType: nil, isFailable: node.optionalMark != nil, generics: Self.names(of: node.genericParameterClause),
      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, at: node.initKeyword,
      in: typeStack.last, numbered: next))
    return .skipChildren
  }

  /// `deinit` takes no scope, as an accessor: its body is analysed so that an implicit read
  /// there is reported (it runs wherever the last reference goes, in no chosen scope).
  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      let typeName = typeStack.last?.name
      addAccessor((typeName.map { $0 + "." } ?? "") + "deinit", body.statements, at: node, typeName: typeName)
    }
    return .skipChildren
  }

  /// A subscript taking a scope is an implicit function named `subscript`; its accessors
  /// are its body. Other subscripts are accessors (below).
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    let parameters = node.parameterClause.parameters
    guard parameters.elements.contains(where: { ScopeType.isScope($0.type) }) else { return .visitChildren }
    var statements: [CodeBlockItemSyntax] = []
    switch node.accessorBlock?.accessors {
    case .getter(let items)?: statements = Array(items.elements)
    case .accessors(let accessors)?: for accessor in accessors.elements { statements += (accessor.body?.statements).elements }
    case nil: break
    }
    add(readFunction(
      baseName: "subscript", parameters: parameters, labels: .subscript, modifiers: node.modifiers,
      attributes: node.attributes, body: node.accessorBlock == nil ? nil : statements,
      returnType: node.returnClause.type, generics: Self.names(of: node.genericParameterClause),
      at: node.subscriptKeyword, in: typeStack.last, numbered: next))
    return .skipChildren
  }

  /// Getters, setters, observers and subscripts take no scope: their bodies are analysed
  /// so that implicit uses in them are reported, not ignored.
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    let owner: String
    if let binding = node.parent?.as(PatternBindingSyntax.self) {
      owner = binding.pattern.trimmedDescription
    } else if node.parent?.is(SubscriptDeclSyntax.self) == true {
      owner = "subscript"
    } else {
      return .skipChildren
    }
    let typeName = typeStack.last?.name
    let name = (typeName.map { $0 + "." } ?? "") + owner
    switch node.accessors {
    case .getter(let statements):
      addAccessor(name, statements, at: node, typeName: typeName)
    case .accessors(let accessors):
      for accessor in accessors {
        if let body = accessor.body {
          addAccessor("\(accessor.accessorSpecifier.text) of \(name)", body.statements, at: accessor, typeName: typeName)
        }
      }
    }
    return .skipChildren
  }

  private func addAccessor(
    _ name: String, _ statements: CodeBlockItemListSyntax, at node: some SyntaxProtocol, typeName: String?
  ) {
    bodies.add(
      BodyNode(kind: .accessor, name: name, location: file.location(of: node), typeName: typeName),
      walking: .init(
        node: bodies.nextNode, statements: Array(statements.elements), scopeParameter: nil, typeName: typeName,
        parameterTypes: [:]))
  }
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  /// A function declared inside a body of a member of `typeName` (or of a global), read
  /// for `EffectCollector`, which numbers it and its body's node among what it adds.
  /// Changes nothing here. It is `private` whatever is written: only the enclosing body
  /// can call it, so no other file resolves a call to it and no importer is told of it.
  func localFunction(
    _ node: FunctionDeclSyntax, typeName: String?, numbered: (function: Int, node: Int)
  ) -> FunctionRead {
    var read = read(node, in: typeName.map { (name: $0, index: -1, kind: .extension, generics: []) }, numbered: numbered)
    read.function.access = .private
    return read
  }

  /// An initializer of a type declared inside a body, read as `localFunction` reads its
  /// methods.
  func localInitializer(
    _ node: InitializerDeclSyntax, typeName: String, numbered: (function: Int, node: Int)
  ) -> FunctionRead {
    var read = readFunction(
      baseName: "init", parameters: node.signature.parameterClause.parameters, labels: .declared,
      modifiers: node.modifiers, attributes: node.attributes, body: node.body.map { Array($0.statements.elements) },
      returnType: nil, isFailable: node.optionalMark != nil, generics: Self.names(of: node.genericParameterClause),
      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, at: node.initKeyword,
      in: (name: typeName, index: -1, kind: .extension, generics: []), numbered: numbered)
    read.function.access = .private
    return read
  }

  /// A declared function, its body node and the body to walk.
  struct FunctionRead {
    var function: FunctionDecl
    var node: BodyNode
    var walk: BodyWalk?
    var diagnostics: [Diagnostic] = []
  }

  private typealias Context = (name: String, index: Int, kind: TypeKind, generics: Set<String>)

  private func add(_ read: FunctionRead) {
    found.functions.append(read.function)
    bodies.add(read.node, walking: read.walk)
    diagnostics += read.diagnostics
  }

  /// The next function's index and its body node's ID.
  private var next: (function: Int, node: Int) { (found.functions.count, bodies.nextNode) }

  private func readFunction(
    baseName: String, parameters: FunctionParameterListSyntax, labels: ArgumentLabels,
    modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax, body: [CodeBlockItemSyntax]?,
    returnType: TypeSyntax?, isFailable: Bool = false, generics: Set<String>, constraints: [String: String] = [:],
    isAsync: Bool = false, at nameToken: TokenSyntax, in context: Context?, numbered: (function: Int, node: Int)
  ) -> FunctionRead {
    var infos = parameters.elements.map { SyntaxFacts.parameterInfo($0, labels: labels) }
    var scopeName: String?
    var parameterTypes: [String: String] = [:]
    var parameterKeys: [String: WrittenKey] = [:]
    var scopeClosures: [String: Int] = [:]
    var bagParameters: [String: Int] = [:]
    var parameterIndices: [String: Int] = [:]
    for (index, (parameter, info)) in zip(parameters.elements, infos).enumerated() {
      let name = (parameter.secondName ?? parameter.firstName).text
      parameterIndices[name] = index
      if info.isScope, scopeName == nil { scopeName = name }
      if BagType.isBag(parameter.type) { bagParameters[name] = index }
      if info.takesScopeClosure, !info.isEscaping { scopeClosures[name] = index }
      // `inout Knight`, `borrowing Knight`: a value of `Knight` in the body, whose methods
      // its calls reach (attributes such as `@escaping` stay: they tell the closures apart).
      var written = parameter.type
      if let attributed = written.as(AttributedTypeSyntax.self), attributed.attributes.isEmpty {
        written = attributed.baseType
      }
      let type = KeyInference.typeName(written)
      parameterTypes[name] = constraints[type].map { "some " + $0 } ?? type
      if !info.isScope { parameterKeys[name] = NameKeys.parameterKey(parameter) }
    }
    if let context, let body {
      for property in SyntaxFacts.propertiesSetToScopes(in: body) {
        propertiesSetToScopes[context.name, default: []].insert(property)
      }
      for (property, value) in SyntaxFacts.propertyAssignments(in: body) {
        guard let index = parameterIndices[value], infos[index].isEscaping, infos[index].isClosure || infos[index].writtenType != nil
        else { continue }
        infos[index].storedProperty = property
      }
    }
    let written = DeclModifiers(modifiers)
    let isStatic = written.isStatic || written.isClass
    let access = written.access
    // Initializers are called on a named type, never dispatched dynamically (but `required`
    // ones through a metatype, which the analyzer does not follow either way).
    let overridable = baseName != "init" && context?.kind == .openClass
      && !written.isFinal && access > .fileprivate
      && (!isStatic || written.isClass)
    let overrides = baseName != "init" && written.isOverride
    var function = FunctionDecl(
      typeName: context?.name, baseName: baseName, parameters: infos, scopeParameter: scopeName,
      access: access, isSPIImplicits: SyntaxFacts.hasSPIImplicits(attributes), isStatic: isStatic,
      isProtocolRequirement: context?.kind == .protocol,
      isOverridable: overridable || overrides,
      location: file.location(of: nameToken), node: numbered.node)
    function.returnType = returnType.map(KeyInference.typeName)
    // `func compose(…) -> Handler { …; return { request, scope in … } }` (`ReturnedClosures`).
    if let returnType, ReturnedClosures.mayReturnClosures(returnType), let body {
      let names = parameters.elements.map { ($0.secondName ?? $0.firstName).text }
      function.returnedClosures = ReturnedClosures.literals(in: body, parameters: names)?.map { file.location(of: $0) }
    }
    function.isFailable = isFailable
    function.isAsync = isAsync
    function.isConvenience = written.isConvenience
    // A `@Test` under `.implicits { }` traits (its own, its suites'): they provide its keys.
    // Other members of a suite are ordinary functions: the trait's scope is not around them.
    if ProvidedByLibrary.isTest(attributes) {
      let traits = suiteTraitKeys.compactMap { $0 } + [traitKeys(in: attributes)].compactMap { $0 }
      if !traits.isEmpty { function.traitKeys = traits.flatMap { $0 } }
    } else if let keys = invokeTestKeys.last ?? nil,
      ProvidedByLibrary.runsInsideInvokeTest(baseName, parameterCount: infos.count, isStatic: isStatic, isAsync: isAsync)
    {
      function.traitKeys = keys
    }
    function.branches = branches
    if let typeIndex = context?.index, typeIndex >= 0 { function.typeConstraints = found.types[typeIndex].constraints }
    var read = FunctionRead(
      function: function,
      node: BodyNode(kind: .function(numbered.function), name: function.qualifiedName, location: function.location,
        typeName: context?.name))
    if let body {
      read.walk = BodyWalk(
        node: numbered.node, statements: body, scopeParameter: scopeName,
        typeName: context?.name, parameterTypes: parameterTypes, parameterKeys: parameterKeys,
        scopeClosures: scopeClosures, parameterIndices: parameterIndices,
        bagParameters: bagParameters, returnType: function.returnType,
        genericParameters: generics.union(context?.generics ?? []),
        genericConformances: typeStack.reduce(into: constraints) { conformances, type in
          for (parameter, conformance) in typeConformances[type.index] ?? [:] where constraints[parameter] == nil {
            conformances[parameter] = conformance
          }
        },
        isAsync: isAsync, isStatic: isStatic)
    }
    if function.isImplicit && (function.isProtocolRequirement || function.isOverridable) {
      read.diagnostics.append(file.error(
        .dynamicDispatch,
        PassMessages.dynamicDispatch(function.signature, isProtocolRequirement: function.isProtocolRequirement),
        at: nameToken))
    }
    return read
  }

  // MARK: Stored properties and named keys

  /// `case dark` of `enum Theme`: `Theme.dark` is a `Theme` (a case without associated values).
  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let context = typeStack.last, context.index >= 0, context.kind == .valueType else { return .skipChildren }
    for element in node.elements {
      if element.parameterClause == nil {
        found.types[context.index].propertyKeys.append((element.name.text, .spelled(context.name)))
      } else {
        found.types[context.index].payloadCases.append(Self.payloadCase(element))
      }
    }
    return .skipChildren
  }

  private static func payloadCase(_ element: EnumCaseElementSyntax) -> PayloadCase {
    let values = element.parameterClause?.parameters.map { $0 } ?? []
    return PayloadCase(
      name: SyntaxFacts.unescaped(element.name),
      labels: values.map { value in value.firstName.flatMap { $0.tokenKind == .wildcard ? nil : SyntaxFacts.unescaped($0) } },
      scopePositions: values.map { ClosureSignature.scopePosition(inFunctionType: $0.type) },
      aliases: values.map { ClosureSignature.possibleAlias(Self.unattributed($0.type)) })
  }

  /// `@escaping Handler`, `@Sendable Handler`: the type under its attributes.
  private static func unattributed(_ type: TypeSyntax) -> TypeSyntax {
    type.as(AttributedTypeSyntax.self)?.baseType ?? type
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let facts = VariableFacts(node)
    guard let context = typeStack.last, node.parent?.is(MemberBlockItemSyntax.self) == true else {
      // Global computed variables.
      for (index, binding) in facts.bindings.enumerated() where binding.hasAccessors {
        if let accessors = node.binding(at: index).accessorBlock { _ = visit(accessors) }
      }
      return .skipChildren
    }
    if context.kind == .namedKeys {
      collectNamedKey(node)
      return .skipChildren
    }
    if context.index >= 0 {
      let recorded = found.types[context.index].propertyKeys.count
      let isStatic = SyntaxFacts.has("static", in: node.modifiers) || SyntaxFacts.has("class", in: node.modifiers)
      if isStatic {
        if facts.implicit != nil { reportStaticImplicit(node, facts) }
        collectStaticProperty(node, in: context.index)
      } else {
        collectStoredProperty(node, facts, in: context.index)
      }
      exportProperties(of: node, isStatic: isStatic, keysFrom: recorded, in: context.index)
    }
    for (index, fact) in facts.bindings.enumerated() where fact.hasAccessors || fact.hasValue {
      let binding = node.binding(at: index)
      if let accessors = binding.accessorBlock { _ = visit(accessors) }
      if let value = binding.initializer?.value, facts.implicit == nil, Self.mayRunCode(value) {
        addInitialValue(value, of: binding.pattern.trimmedDescription, typeName: context.name)
      }
    }
    return .skipChildren
  }

  /// An initial value with a closure in it (`lazy var x = { … }()`, `let f = { … }`) runs
  /// code where no scope is in sight: when the instance is made or first read, or later.
  private static func mayRunCode(_ value: ExprSyntax) -> Bool {
    if BagCapture(value) != nil { return false }
    return value.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .leftBrace }
  }

  private func addInitialValue(_ value: ExprSyntax, of property: String, typeName: String) {
    bodies.add(
      BodyNode(
        kind: .accessor, name: "initial value of \(typeName).\(property)", location: file.location(of: value),
        typeName: typeName),
      walking: .init(
        node: bodies.nextNode, statements: [], initialValue: value, scopeParameter: nil, typeName: typeName,
        parameterTypes: [:]))
  }

  /// The properties of `node` an importer may read, with the keys just recorded for them
  /// (from `recorded` on).
  private func exportProperties(of node: VariableDeclSyntax, isStatic: Bool, keysFrom recorded: Int, in typeIndex: Int) {
    let access = DeclModifiers(node.modifiers).access
    guard access >= .internal else { return }
    for (name, key) in found.types[typeIndex].propertyKeys[recorded...] {
      found.types[typeIndex].exportedProperties.append(
        ExportedProperty(name: name, access: access, isStatic: isStatic, key: key))
    }
  }

  private func reportStaticImplicit(_ node: VariableDeclSyntax, _ facts: VariableFacts) {
    for (index, fact) in facts.bindings.enumerated() {
      let binding = node.binding(at: index)
      let key = ImplicitAttribute.key(of: node, facts, binding: index, value: binding.initializer?.value)
      let spelling: String
      switch key {
      case .spelled(let spelled)?: spelling = spelled
      // `= Theme()`: the type it makes (its key waits for the initializer's declaration).
      case .value(let value)?: spelling = value.initializedType ?? fact.name ?? "_"
      default: spelling = fact.name ?? "_"
      }
      error(.implicitOutsideScope, PassMessages.staticImplicit(spelling, declares: fact.hasValue), at: binding.pattern)
    }
  }

  /// `static let shared = Store()`: the type of `Owner.shared`, for calls on it.
  private func collectStaticProperty(_ node: VariableDeclSyntax, in typeIndex: Int) {
    for binding in node.bindings.elements {
      guard let name = SyntaxFacts.boundName(binding) else { continue }
      // `Analytics.shared`: the key of the value, as `@Implicit var analytics = Analytics.shared` takes it.
      if let key = binding.typeAnnotation.map({ WrittenKey.spelled(KeySpelling.canonical($0.type)) })
        ?? binding.initializer.flatMap({ KeyInference.declaredKey(of: $0.value, variable: name) })
      {
        found.types[typeIndex].propertyKeys.append((name, key))
      }
      guard
        let type = binding.typeAnnotation.map({ KeyInference.typeName($0.type) })
          ?? binding.initializer.flatMap({ KeyInference.key(fromValue: $0.value) })
      else { continue }
      found.types[typeIndex].staticPropertyTypes.append((name, type))
    }
  }

  private func collectStoredProperty(_ node: VariableDeclSyntax, _ facts: VariableFacts, in typeIndex: Int) {
    // A computed property's declared type tells what `x.method(scope)` calls, too.
    for (index, fact) in facts.bindings.enumerated() where fact.hasAccessors && fact.hasAnnotation {
      if let name = fact.name, let type = node.binding(at: index).typeAnnotation?.type {
        found.types[typeIndex].propertyTypes.append((name, KeyInference.typeName(type)))
        found.types[typeIndex].propertyKeys.append((name, .spelled(KeySpelling.canonical(type))))
      }
    }
    let typeName = found.types[typeIndex].name
    // A `lazy var`'s value is made when the property is first read, not by `init(_ scope:)`:
    // a bag or a closure wrapper there captures nothing of that initializer's scope.
    let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
    for (index, fact) in facts.bindings.enumerated() where !fact.hasAccessors {
      guard let name = fact.name else { continue }
      let binding = node.binding(at: index)
      let key = ImplicitAttribute.key(of: node, facts, binding: index)
        ?? binding.typeAnnotation.map { .spelled(KeySpelling.canonical($0.type)) }
        ?? binding.initializer.flatMap { KeyInference.declaredKey(of: $0.value, variable: name) }
      if let key { found.types[typeIndex].propertyKeys.append((name, key)) }
    }
    let isClosed = node.bindingSpecifier.tokenKind == .keyword(.let)
      || node.modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    for (index, fact) in facts.bindings.enumerated() where !fact.hasAccessors {
      guard let name = fact.name else { continue }
      let binding = node.binding(at: index)
      if isClosed, binding.initializer == nil, binding.typeAnnotation != nil {
        found.types[typeIndex].closedProperties.append(name)
      }
      if let value = binding.initializer?.value, RuntimeCall.isEmptyBag(value), !Self.everyInitializerSets(name, beside: node) {
        found.types[typeIndex].emptyBagDefaults.append((name, file.location(of: value)))
      }
      if facts.implicit != nil {
        switch ImplicitAttribute.storedKey(
          of: node, facts, binding: index, named: name, generics: typeStack.last?.generics ?? [])
        {
        case .success(let key):
          found.types[typeIndex].storedImplicits.append(
            StoredImplicit(key: key, location: file.location(atUTF8Offset: fact.patternOffset)))
        case .failure(let failure):
          error(failure.id, failure.message, at: binding.pattern)
        }
      } else if !isLazy, let value = binding.initializer?.value, let capture = BagCapture(value) {
        let site = bodies.add(file.bagSite(name: name, capture, at: value, storedIn: typeName))
        found.types[typeIndex].bagProperties.append((name, site))
      } else if !isLazy, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
        case .closureWrapper(let wrapper, _) = RuntimeCall(call), !declaresFunction(wrapper)
      {
        // `let onSelect = withRowImplicits { … }`: captured when an initializer runs, like
        // a stored `#implicits`; `EffectCollector` reads the closure with the initial value.
        let site = bodies.add(
          file.bagSite(name: name, .macro, at: call, storedIn: typeName, wrapper: wrapper), wrapperCall: call.id)
        found.types[typeIndex].bagProperties.append((name, site))
      } else if let type = binding.typeAnnotation?.type {
        // `let repository: R` in `struct ListService<R: Repository>`: a value of `some Repository`.
        let written = KeyInference.typeName(type)
        let conformance = typeConformances[typeIndex]?[written].map { "some " + $0 }
        found.types[typeIndex].propertyTypes.append((name, conformance ?? written))
        if let position = SyntaxFacts.scopeClosurePosition(of: SyntaxFacts.storedElement(of: type)) {
          found.scopeClosureProperties.append((typeName + "." + name, position))
        }
      } else if let value = binding.initializer?.value, let type = KeyInference.key(fromValue: value) {
        found.types[typeIndex].propertyTypes.append((name, type))
      }
    }
  }

  /// Whether the type declaring `node` writes initializers in its body and each sets
  /// stored property `name` (`name = …` or `self.name = …` among its statements): then its
  /// initial value is never what is restored.
  private static func everyInitializerSets(_ name: String, beside node: VariableDeclSyntax) -> Bool {
    guard let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return false }
    let initializers = members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    return !initializers.isEmpty && initializers.allSatisfy { initializer in
      initializer.body?.statements.contains { item in
        guard let elements = item.item.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
          elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = elements.first
        else { return false }
        if let member = target.as(MemberAccessExprSyntax.self) {
          return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" && member.declName.baseName.text == name
        }
        return target.as(DeclReferenceExprSyntax.self)?.baseName.text == name
      } ?? false
    }
  }

  private func collectNamedKey(_ node: VariableDeclSyntax) {
    let access = SyntaxFacts.access(of: node.modifiers)
    guard let binding = node.bindings.first, node.bindings.count == 1,
      let name = SyntaxFacts.boundName(binding)
    else { return }  // Reported by `NamedKeysRule`.
    // The manual form `var name: SomeKey.Type { SomeKey.self }` is a named key too.
    if binding.accessorBlock != nil, let type = binding.typeAnnotation?.type.as(MetatypeTypeSyntax.self) {
      found.namedKeys.append(NamedKeyDecl(
        name: name, valueType: KeyInference.typeName(type.baseType), access: access,
        location: file.location(of: binding.pattern), needsAccessor: false))
      return
    }
    guard let valueType = NamedKeyShape.valueType(of: node, binding: binding) else { return }  // Reported by `NamedKeysRule`.
    // `@NamedImplicitKey` generates the accessor itself (macro); the support file must not.
    let hasMacro = node.attributes.contains {
      if case .attribute(let attribute) = $0 { return SyntaxFacts.isNamed(attribute.attributeName, "NamedImplicitKey") }
      return false
    }
    found.namedKeys.append(NamedKeyDecl(
      name: name, valueType: valueType, access: access, location: file.location(of: binding.pattern),
      needsAccessor: !hasMacro, hasDefault: NamedKeyShape.hasDefault(binding)))
  }
}

/// The accepted spellings of a named key: `static let name = Key<Value>()` and
/// `static let name = Key<Value>(default: value)`.
enum NamedKeyShape {
  /// `Key<Value>(default: value)`: reads of the key never fail.
  static func hasDefault(_ call: FunctionCallExprSyntax) -> Bool {
    call.arguments.count == 1 && call.arguments.first?.label?.text == "default"
  }

  static func hasDefault(_ binding: PatternBindingSyntax) -> Bool {
    binding.initializer?.value.as(FunctionCallExprSyntax.self).map(hasDefault) ?? false
  }

  static func valueType(of node: VariableDeclSyntax, binding: PatternBindingSyntax) -> String? {
    guard node.bindingSpecifier.tokenKind == .keyword(.let),
      SyntaxFacts.has("static", in: node.modifiers),
      let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      call.arguments.isEmpty || hasDefault(call), call.trailingClosure == nil,
      let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Key",
      generic.genericArgumentClause.arguments.count == 1,
      let argument = generic.genericArgumentClause.arguments.first
    else { return nil }
    return KeyInference.typeName(argument.argument)
  }

  static func malformedMessage(_ name: String?) -> String {
    let subject = name.map { "named key '\($0)'" } ?? "named key declaration"
    return "malformed \(subject); declare named keys as 'static let \(name ?? "name") = Key<Value>()' in 'extension ImplicitsKeys'"
  }
}
#endif
