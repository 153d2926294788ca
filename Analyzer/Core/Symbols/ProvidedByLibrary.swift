#if ImplicitsAnalysis
import SwiftSyntax

/// Keys the library provides without a declaration in a scope: keys with a default
/// (`Key<T>(default:)`, `extension T: DefaultImplicit`) and, in a test, what its
/// `.implicits { }` traits declare.
enum ProvidedByLibrary {
  /// One `@Implicit` declaration of a trait's closure: its key, unresolved (`nil` when it
  /// cannot be read from the source), and the pattern it binds, where it is reported.
  struct TraitDeclaration {
    var key: WrittenKey?
    var variable: String
    var pattern: PatternSyntax
  }

  /// The declarations of `.implicits { … }` traits in a `@Test(…)` or `@Suite(…)`
  /// attribute; `nil` when there is no such trait.
  static func traitDeclarations(in attributes: AttributeListSyntax) -> [TraitDeclaration]? {
    var keys: [TraitDeclaration]?
    for element in attributes.elements {
      guard case .attribute(let attribute) = element,
        SyntaxFacts.isNamed(attribute.attributeName, "Test") || SyntaxFacts.isNamed(attribute.attributeName, "Suite"),
        case .argumentList(let arguments)? = attribute.arguments
      else { continue }
      for argument in arguments.elements {
        guard let closure = RuntimeCall.implicitsTraitClosure(argument.expression) else { continue }
        keys = (keys ?? []) + declaredKeys(in: closure)
      }
    }
    return keys
  }

  /// The keys an XCTest case declares around each test with
  /// `override func invokeTest() { withImplicits({ … }) { super.invokeTest() } }`; `nil`
  /// when it does not override `invokeTest` so. `type`: the case's full name, whose stored
  /// properties a declaration may name (`@Implicit var logger = self.logger`).
  static func invokeTestKeys(in members: MemberBlockItemListSyntax, of type: String) -> [WrittenKey]? {
    for member in members.elements {
      guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "invokeTest",
        function.signature.parameterClause.parameters.isEmpty, let body = function.body
      else { continue }
      for item in body.statements.elements {
        let expression = item.item.as(ExprSyntax.self).map(SyntaxFacts.underTryAndAwait)
        guard let call = expression?.as(FunctionCallExprSyntax.self),
          case .withImplicits(let declarations, _) = RuntimeCall(call)
        else { continue }
        // A key that cannot be told is reported in `invokeTest()`'s body, which the effects
        // pass walks; here it only keeps the reads it may provide from being reported too.
        return declaredKeys(in: declarations) { value in
          guard let member = value.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
          else { return staticPropertyKey(value) }
          return .value(ValueKey(property: member.declName.baseName.text, of: type))
        }.map { $0.key ?? .spelled(KeyName.uninferable) }
      }
    }
    return nil
  }

  /// The tests of a subclass of a test case that wraps `invokeTest()` in `withImplicits`
  /// (often a shared base class in another file) run inside it too: they get its keys.
  static func inheritInvokeTestKeys(_ files: inout [FileSummary]) {
    var keys: [String: [WrittenKey]] = [:]
    var superclasses: [String: String] = [:]
    for file in files {
      for type in file.declarations.types where !type.isExtension {
        if let own = type.invokeTestKeys { keys[type.name] = own }
        if let superclass = type.inheritedTypes.first { superclasses[type.name] = superclass }
      }
    }
    guard !keys.isEmpty else { return }
    func inherited(by type: String) -> [WrittenKey]? {
      var current = superclasses[type]
      for _ in 0..<16 {
        guard let name = current else { return nil }
        if let found = keys[name] { return found }
        current = superclasses[name]
      }
      return nil
    }
    for file in files.indices {
      for index in files[file].declarations.functions.indices {
        let function = files[file].declarations.functions[index]
        guard function.traitKeys == nil, let type = function.typeName,
          runsInsideInvokeTest(
            function.baseName, parameterCount: function.parameters.count, isStatic: function.isStatic,
            isAsync: function.isAsync),
          let found = inherited(by: type)
        else { continue }
        files[file].declarations.functions[index].traitKeys = found
      }
    }
  }

  /// A hand-written named key (`var retries: RetriesKey.Type { RetriesKey.self }`) whose
  /// key type conforms to `DefaultImplicitKey` has a default, as `Key<T>(default:)` has.
  /// The conformance may be written in another file than the accessor (or in an
  /// extension), so this is a module-wide pass over the files' declarations.
  static func markHandWrittenDefaults(_ files: inout [FileSummary]) {
    var defaultKeyTypes: Set<String> = []
    for file in files {
      for type in file.declarations.types
      where type.inheritedTypes.contains(where: { $0 == "DefaultImplicitKey" || $0.hasSuffix(".DefaultImplicitKey") }) {
        defaultKeyTypes.insert(type.name)
      }
    }
    guard !defaultKeyTypes.isEmpty else { return }
    for file in files.indices {
      for index in files[file].declarations.namedKeys.indices {
        let key = files[file].declarations.namedKeys[index]
        guard !key.needsAccessor, !key.hasDefault, defaultKeyTypes.contains(key.valueType) else { continue }
        files[file].declarations.namedKeys[index].hasDefault = true
      }
    }
  }

  /// Whether an instance method of an XCTest case runs inside `invokeTest()`: the tests
  /// (`func testX()`) and the per-test `setUp`/`tearDown`, unless `async`: XCTest runs those
  /// in a task it starts from synchronous code, which does not inherit the thread's values.
  static func runsInsideInvokeTest(_ name: String, parameterCount: Int, isStatic: Bool, isAsync: Bool) -> Bool {
    guard parameterCount == 0, !isStatic, !isAsync else { return false }
    return name.hasPrefix("test") || ["setUp", "setUpWithError", "tearDown", "tearDownWithError"].contains(name)
  }

  /// Whether the attributes include `@Test` (with or without arguments).
  static func isTest(_ attributes: AttributeListSyntax) -> Bool {
    attributes.elements.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return SyntaxFacts.isNamed(attribute.attributeName, "Test")
    }
  }

  /// `Clock.fixed`, `Container.shared.database`: a static property of a type, and the
  /// properties of its value — the names a trait's closure can read a value from (it has
  /// no `self`), keyed as a body keys them (`EffectCollector.nameKey(of:)`).
  private static func staticPropertyKey(_ expression: ExprSyntax) -> WrittenKey? {
    var path: [String] = []
    var current = expression
    while let member = current.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
      let base = member.base
    {
      path.insert(member.declName.baseName.text, at: 0)
      if let type = KeyInference.typeName(called: base) {
        return .value(ValueKey(property: path.joined(separator: "."), of: type))
      }
      current = base
    }
    return nil
  }

  /// The `@Implicit` declarations at the top level of a trait's closure.
  /// - Parameter names: the key of a value a name stands for.
  private static func declaredKeys(
    in closure: ClosureExprSyntax, names: (ExprSyntax) -> WrittenKey? = staticPropertyKey
  ) -> [TraitDeclaration] {
    closure.statements.compactMap { item -> TraitDeclaration? in
      guard let variable = item.item.as(VariableDeclSyntax.self) else { return nil }
      let facts = VariableFacts(variable)
      guard facts.implicit != nil, facts.bindings[0].hasValue,
        let binding = variable.bindings.first, let value = binding.initializer?.value
      else { return nil }
      let key = ImplicitAttribute.key(of: variable, facts, binding: 0, value: value, names: names)
      return TraitDeclaration(key: key, variable: facts.bindings[0].name ?? "_", pattern: binding.pattern)
    }
  }

  /// Whether an inheritance clause names `DefaultImplicit`: the type's key has a default.
  static func conformsToDefaultImplicit(_ clause: InheritanceClauseSyntax?) -> Bool {
    clause?.inheritedTypes.contains { SyntaxFacts.isNamed($0.type, "DefaultImplicit") } ?? false
  }
}
#endif
