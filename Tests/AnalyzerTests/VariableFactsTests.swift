#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing

@testable import ImplicitsAnalysis

/// `VariableFacts` reads the raw tree; each answer is checked against the same question
/// asked of the typed nodes, for the shapes a variable can take.
struct VariableFactsTests {
  static let shapes = [
    "let x = 1",
    "var y: Int",
    "@Implicit var value: Service",
    "@Implicit(\\.flag) var flag",
    "@Implicit() var primary: Service4",
    "@Implicits.Implicit(Service.self) var service",
    "@Implicit(.lazy) var database = Database.open()",
    "@Implicit(\\.key, .lazy) var values: [Int] = []",
    "@Implicit(\\Keys.a.b) var nested: Int",
    "let a = 1, b: String, _ = 2",
    "let (first, second) = (1, 2)",
    "@Implicit var _ = Service()",
    "var _: Int",
    "var computed: Int { get { 1 } set {} }",
    "var short: Service<Int> { make() }",
    "lazy var cache: Cache? = Cache()",
    "@ObservationIgnored @Implicit var analytics: Analytics",
    "@available(*, deprecated)\n#if os(iOS)\n@MainActor\n#endif\n@Implicit var logger: Logger",
    "#if DEBUG\n@Implicit\n#endif\nvar notImplicit: Int",
    "/* a */ @Implicit /* b */ public /* c */ var /* d */ spaced /* e */ : /* f */ Spaced /* g */ = .init()",
    "@Implicit(Service.self) var typed",
    "@Implicit var scope: Implicits.ImplicitScope, other: [String: Int]",
  ]

  @Test(arguments: shapes)
  func rawAnswersAreTheTypedOnes(source: String) throws {
    // Inside a body and after other code, so that offsets are not trivially zero.
    let file = Parser.parse(source: "func f() {\n  _ = 0\n  " + source + "\n}\n")
    let variable = try #require(file.statements.first?.item.as(FunctionDeclSyntax.self)?.body?.statements
      .compactMap { $0.item.as(VariableDeclSyntax.self) }.first)
    let facts = VariableFacts(variable)

    let attribute = Self.typedImplicit(variable.attributes)
    #expect(facts.implicit?.index == attribute?.index)
    #expect(variable.implicitAttribute(facts)?.id == attribute?.attribute.id)
    #expect(facts.isLet == (variable.bindingSpecifier.tokenKind == .keyword(.let)))

    let bindings = Array(variable.bindings)
    try #require(facts.bindings.count == bindings.count)
    for (index, binding) in bindings.enumerated() {
      let read = facts.bindings[index]
      #expect(variable.binding(at: index).id == binding.id)
      #expect(read.name == binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
      #expect(read.isWildcard == binding.pattern.is(WildcardPatternSyntax.self))
      #expect(read.hasValue == (binding.initializer != nil))
      #expect(read.hasAccessors == (binding.accessorBlock != nil))
      #expect(read.patternOffset == binding.pattern.positionAfterSkippingLeadingTrivia.utf8Offset)
      switch read.annotation {
      case .none: #expect(binding.typeAnnotation == nil)
      case .name(let name):
        let type = try #require(binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self))
        #expect(type.genericArgumentClause == nil && type.name.text == name)
        #expect(KeySpelling.canonical(TypeSyntax(type)) == name && KeyInference.typeName(type) == name)
      case .written:
        let type = try #require(binding.typeAnnotation?.type)
        #expect(type.as(IdentifierTypeSyntax.self)?.genericArgumentClause != nil || !type.is(IdentifierTypeSyntax.self))
      }
      if let attribute {
        let value = binding.initializer?.value
        let typed = ImplicitAttribute.key(
          of: attribute.attribute, annotation: binding.typeAnnotation?.type, value: value, variable: read.name ?? "_")
        #expect(ImplicitAttribute.key(of: variable, facts, binding: index, value: value) == typed)
      }
    }
  }

  /// What the passes take from the facts, spelled out for the common shapes.
  @Test func readsTheCommonShapes() throws {
    let file = Parser.parse(source: """
      @Implicit var value: Service
      @Implicit(\\.flag) var flag
      @Implicit(.lazy) var database = Database.open()
      let a = 1, _ = 2
      var computed: [Int] { [] }
      """)
    let facts = file.statements.compactMap { $0.item.as(VariableDeclSyntax.self) }.map(VariableFacts.init)
    try #require(facts.count == 5)
    #expect(facts[0].implicit?.key == VariableFacts.KeyArgument.none && facts[0].bindings[0].annotation == .name("Service"))
    #expect(facts[1].implicit?.key == .named("\\.flag") && facts[1].bindings[0].annotation == .none)
    #expect(facts[2].implicit?.key == VariableFacts.KeyArgument.none && facts[2].bindings[0].hasValue)
    #expect(facts[3].implicit == nil && facts[3].isLet && facts[3].bindings.map(\.name) == ["a", nil])
    #expect(facts[3].bindings.map(\.isWildcard) == [false, true])
    #expect(facts[4].bindings[0].hasAccessors && facts[4].bindings[0].annotation == .written && !facts[4].isLet)
    #expect(facts[1].bindings[0].patternOffset == 51)
  }

  /// The first `@Implicit` written directly on the variable, and its position: what
  /// `VariableFacts.implicit` reads raw.
  private static func typedImplicit(_ attributes: AttributeListSyntax) -> (index: Int, attribute: AttributeSyntax)? {
    for (index, element) in attributes.enumerated() {
      guard case .attribute(let attribute) = element else { continue }
      let name = attribute.attributeName.trimmedDescription
      if name == "Implicit" || name == "Implicits.Implicit" { return (index, attribute) }
    }
    return nil
  }
}
#endif
