#if ImplicitsAnalysis
@_spi(RawSyntax) import SwiftSyntax

/// What every pass asks of a `let`/`var`, read once from the raw tree: where its
/// `@Implicit` is and what its arguments say of the key, `let` or `var`, and per binding
/// the name, whether it has a value or accessors, the annotation and where the pattern is.
///
/// Why raw: each typed child read (`node.bindings`, `binding.pattern`, `node.attributes`)
/// makes a `Syntax` value that retains and releases the tree's arena, and the effects pass,
/// the rules and the declarations pass each asked these questions of every variable of the
/// module through three to six such nodes. A pass makes a typed node only where it walks a
/// value, reads a written-out type or reports a diagnostic.
struct VariableFacts {
  /// The `@Implicit` attribute, `nil` when the variable has none.
  let implicit: Implicit?
  /// `let` (not `var`).
  let isLet: Bool
  let bindings: Bindings

  /// `@Implicit`, `@Implicit()`, `@Implicit(\.key)`, `@Implicits.Implicit(T.self)`, found
  /// among the attributes written directly on the variable (not inside an `#if`).
  struct Implicit {
    /// Its position among the attribute list's elements (0: written first).
    let index: Int
    fileprivate let keyArgument: Text
    fileprivate let keyName: SyntaxText

    /// What the attribute's arguments say of the key.
    var key: KeyArgument {
      switch keyArgument {
      case .absent: .none
      case .text: .named(KeyName.named(String(syntaxText: keyName)))
      case .written: .written
      }
    }
  }

  /// What the attribute's arguments say of the key (`ImplicitAttribute.key` reads the same
  /// from the typed attribute).
  enum KeyArgument: Equatable {
    /// No argument other than evaluation options (`@Implicit`, `@Implicit()`,
    /// `@Implicit(.lazy)`): the key is the annotation's or the value's.
    case none
    /// `\.name` (the last component of the key path): the named key `\.name`.
    case named(KeyName)
    /// Anything else (`T.self`, an expression): read from the typed attribute.
    case written
  }

  /// One `name: T = value` of the declaration. Its texts are kept as the tree's bytes
  /// (`SyntaxText`), so that a binding is copied without reference counting; the strings
  /// are made where a pass asks for them.
  struct Binding {
    fileprivate let nameText: SyntaxText?
    /// `_`.
    let isWildcard: Bool
    /// `= value`.
    let hasValue: Bool
    /// `{ get … }` or a computed body.
    let hasAccessors: Bool
    fileprivate let annotationKind: Text
    fileprivate let annotationName: SyntaxText
    /// UTF-8 offset of the pattern's first token in the file (after its trivia): where a
    /// diagnostic about the binding points.
    let patternOffset: Int

    /// The name an identifier pattern binds; `nil` for `_`, tuples and other patterns.
    var name: String? { nameText.map { String(syntaxText: $0) } }

    var hasAnnotation: Bool { annotationKind != .absent }

    var annotation: Annotation {
      switch annotationKind {
      case .absent: .none
      case .text: .name(String(syntaxText: annotationName))
      case .written: .written
      }
    }
  }

  /// The type written after `:`.
  enum Annotation: Equatable {
    case none
    /// A plain name without generic arguments (`Service`): its key spelling, its type name
    /// and the text of its token are the same string.
    case name(String)
    /// Anything else (`[T]`, `T?`, `Module.T`): read from the typed annotation.
    case written
  }

  /// Whether something is written, and whether its text is all a pass needs.
  fileprivate enum Text { case absent, text, written }

  /// The bindings, the first inline: almost every declaration binds one name, and an
  /// array per variable would be an allocation per variable.
  struct Bindings: RandomAccessCollection {
    let leading: Binding
    let others: [Binding]

    var startIndex: Int { 0 }
    var endIndex: Int { others.count + 1 }
    subscript(position: Int) -> Binding { position == 0 ? leading : others[position - 1] }
  }

  init(_ node: VariableDeclSyntax) {
    let raw = node.raw.cast(RawVariableDeclSyntax.self)
    implicit = Self.implicit(in: raw.attributes)
    isLet = raw.bindingSpecifier.tokenKind == .keyword && raw.bindingSpecifier.tokenText == "let"
    // The first binding starts after everything the declaration's layout has before it.
    var offset = node.position.utf8Offset
    for child in raw.layoutView.children.prefix(Self.bindingsChild) { offset += child?.byteLength ?? 0 }
    var first: Binding?
    var others: [Binding] = []
    for child in raw.bindings.layoutView.children {
      guard let child else { continue }
      if let binding = child.as(RawPatternBindingSyntax.self) {
        let read = Self.binding(binding, at: offset)
        if first == nil { first = read } else { others.append(read) }
      }
      offset += child.byteLength
    }
    // The parser always makes a binding, missing or not.
    self.bindings = Bindings(
      leading: first ?? Binding(
        nameText: nil, isWildcard: false, hasValue: false, hasAccessors: false, annotationKind: .absent,
        annotationName: "", patternOffset: offset),
      others: others)
  }

  /// The position of `bindings` in `VariableDeclSyntax`'s layout (attributes, modifiers,
  /// the specifier and the unexpected nodes between them come first).
  private static let bindingsChild = 7

  private static func binding(_ binding: RawPatternBindingSyntax, at offset: Int) -> Binding {
    let pattern = binding.pattern
    var annotation = Text.absent
    var annotationName: SyntaxText = ""
    if let type = binding.typeAnnotation?.type {
      if let identifier = type.as(RawIdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
        annotation = .text
        annotationName = identifier.name.tokenText
      } else {
        annotation = .written
      }
    }
    let beforePattern = binding.unexpectedBeforePattern?.raw.byteLength ?? 0
    return Binding(
      nameText: pattern.as(RawIdentifierPatternSyntax.self)?.identifier.tokenText,
      isWildcard: pattern.raw.kind == .wildcardPattern, hasValue: binding.initializer != nil,
      hasAccessors: binding.accessorBlock != nil, annotationKind: annotation, annotationName: annotationName,
      patternOffset: offset + beforePattern + pattern.raw.leadingTriviaByteLength)
  }

  private static func implicit(in attributes: RawAttributeListSyntax) -> Implicit? {
    for (index, child) in attributes.layoutView.children.enumerated() {
      guard let attribute = child?.as(RawAttributeSyntax.self),
        SyntaxFacts.isNamed(attribute.attributeName.raw, "Implicit")
      else { continue }
      let (kind, name) = keyArgument(of: attribute)
      return Implicit(index: index, keyArgument: kind, keyName: name)
    }
    return nil
  }

  /// The first argument that is not an evaluation option, as `ImplicitAttribute.key` takes
  /// it: `.text` with the name of a `\.name` key path.
  private static func keyArgument(of attribute: RawAttributeSyntax) -> (Text, SyntaxText) {
    guard let arguments = attribute.arguments?.as(RawLabeledExprListSyntax.self) else { return (.absent, "") }
    for child in arguments.layoutView.children {
      guard let expression = child?.as(RawLabeledExprSyntax.self)?.expression else { continue }
      if isEvaluationOption(expression) { continue }
      guard let keyPath = expression.as(RawKeyPathExprSyntax.self),
        let last = keyPath.components.layoutView.children.last??.as(RawKeyPathComponentSyntax.self),
        let property = last.component.as(RawKeyPathPropertyComponentSyntax.self)
      else { return (.written, "") }
      return (.text, property.declName.baseName.tokenText)
    }
    return (.absent, "")
  }

  /// `.lazy`, as `ImplicitAttribute.isEvaluationOption` reads it.
  private static func isEvaluationOption(_ expression: RawExprSyntax) -> Bool {
    guard let member = expression.as(RawMemberAccessExprSyntax.self), member.base == nil else { return false }
    return member.declName.baseName.tokenText == "lazy"
  }
}

extension VariableDeclSyntax {
  /// The typed `@Implicit` attribute `facts` found.
  func implicitAttribute(_ facts: VariableFacts) -> AttributeSyntax? {
    guard let implicit = facts.implicit else { return nil }
    for (position, element) in attributes.elements.enumerated() where position == implicit.index {
      if case .attribute(let attribute) = element { return attribute }
    }
    return nil
  }

  /// The typed binding at `index` of `facts.bindings` (there is one: the facts were read
  /// from the same list).
  func binding(at index: Int) -> PatternBindingSyntax {
    var elements = bindings.elements
    for _ in 0..<index { _ = elements.next() }
    return elements.next()!
  }
}
#endif
