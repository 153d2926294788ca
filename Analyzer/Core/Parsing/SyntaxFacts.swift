#if ImplicitsAnalysis
@_spi(RawSyntax) import SwiftSyntax

/// Small questions about syntax that several passes ask.
enum SyntaxFacts {
  /// A name as declared and called: `` `default` `` is `default`. A name written with
  /// backticks in one place and without them in another (`Settings.default(scope)`, where
  /// a keyword after a dot needs none) is the same function.
  static func unescaped(_ token: TokenSyntax) -> String {
    let text = token.text
    guard text.utf8.first == UInt8(ascii: "`"), text.utf8.count > 2, text.utf8.last == UInt8(ascii: "`") else {
      return text
    }
    return String(text.dropFirst().dropLast())
  }

  static func access(of modifiers: DeclModifierListSyntax) -> AccessLevel {
    for modifier in modifiers.elements where modifier.detail == nil {
      if let level = AccessLevel(rawValue: modifier.name.text) { return level }
    }
    return .internal
  }

  static func has(_ keyword: String, in modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.elements.contains { spells($0.name, keyword) }
  }

  /// Whether `token` is written `text`, compared on its bytes: `TokenSyntax.text` builds a
  /// `TokenKind` and a new `String` for each token it reads.
  /// The lengths first, then one `memcmp` (`elementsEqual` compares byte by byte through
  /// two generic iterators: 0.8 % of a check).
  static func spells(_ token: TokenSyntax, _ text: String) -> Bool {
    let raw = token.rawText
    guard raw.count == text.utf8.count else { return false }
    var text = text
    return text.withUTF8 { raw == SyntaxText(baseAddress: $0.baseAddress, count: $0.count) }
  }

  /// Whether `token` is written starting with `_` or a lowercase ASCII letter, as a
  /// function's or a property's name usually is, read on its bytes without making a `String`.
  static func startsLowercase(_ token: TokenSyntax) -> Bool {
    guard let first = token.rawText.first else { return false }
    return first == UInt8(ascii: "_") || (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
  }

  /// The name a binding binds (`let name = …`), `nil` for any other pattern. Read in the
  /// raw tree: the pattern's node and its token's were made and released for every
  /// variable of the module, by every pass.
  static func boundName(_ binding: PatternBindingSyntax) -> String? {
    guard let pattern = binding.raw.as(RawPatternBindingSyntax.self)?.pattern.as(RawIdentifierPatternSyntax.self)
    else { return nil }
    return String(syntaxText: pattern.identifier.tokenText)
  }

  /// A `let`/`var` or an `#if` as a statement: what can bind names for the statements
  /// after it. Read in the raw tree (`item` would make the statement's node first).
  static func mayBindNames(_ item: CodeBlockItemSyntax) -> Bool {
    guard let kind = item.raw.as(RawCodeBlockItemSyntax.self)?.item.kind else { return false }
    return kind == .variableDecl || kind == .ifConfigDecl
  }

  /// `@_spi(Implicits)`.
  static func hasSPIImplicits(_ attributes: AttributeListSyntax) -> Bool {
    attributes.elements.contains { element in
      guard case .attribute(let attribute) = element,
        isNamed(attribute.attributeName, "_spi")
      else { return false }
      return attribute.arguments?.trimmedDescription == "Implicits"
    }
  }

  /// `Name` or `Implicits.Name`, without printing the type (this runs for every variable
  /// and parameter of the module). Read in the raw tree: a syntax node per child read
  /// would retain and release the tree's arena each time.
  static func isNamed(_ type: TypeSyntax, _ name: StaticString) -> Bool {
    isNamed(type.raw, name)
  }

  private static func isNamed(_ type: RawTypeSyntax, _ name: StaticString) -> Bool {
    isNamed(type.raw, name)
  }

  static func isNamed(_ type: RawSyntax, _ name: StaticString) -> Bool {
    if let identifier = type.as(RawIdentifierTypeSyntax.self) {
      return identifier.genericArgumentClause == nil && identifier.name.tokenText == SyntaxText(name)
    }
    if let member = type.as(RawMemberTypeSyntax.self) {
      return member.name.tokenText == SyntaxText(name) && member.genericArgumentClause == nil
        && member.baseType.as(RawIdentifierTypeSyntax.self).map { $0.name.tokenText == "Implicits" } == true
    }
    return false
  }

  static func parameterInfo(_ parameter: FunctionParameterSyntax, labels: ArgumentLabels = .declared) -> ParameterInfo {
    var label: String? = parameter.firstName.text
    switch labels {
    case .declared: break
    case .subscript: if parameter.secondName == nil { label = nil }
    case .none: label = nil
    }
    var type = parameter.type
    var escaping = false
    if let attributed = type.as(AttributedTypeSyntax.self) {
      escaping = attributed.attributes.elements.contains {
        if case .attribute(let a) = $0 { return isNamed(a.attributeName, "escaping") }
        return false
      }
      type = attributed.baseType
    }
    let optionalClosure = type.as(OptionalTypeSyntax.self)?.wrappedType.as(TupleTypeSyntax.self)?.elements.first?.type
    let isOptionalClosure = optionalClosure?.is(FunctionTypeSyntax.self) ?? false
    // `completion: ((Row, ImplicitScope) -> Void)?` takes a scope closure as the type written out does.
    let scopePosition = scopeClosurePosition(of: isOptionalClosure ? optionalClosure! : type)
    var writtenType: String?
    // `handler: Handler?`: an optional alias, which is escaping if it names a closure type.
    if let optional = type.as(OptionalTypeSyntax.self), let name = optional.wrappedType.as(IdentifierTypeSyntax.self),
      name.genericArgumentClause == nil
    {
      writtenType = name.name.text
      escaping = true
    } else if let name = type.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil {
      writtenType = name.name.text
    } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
      writtenType = member.trimmedDescription
    }
    // `table: [String: Handler]`, `layers: [(Request, ImplicitScope) -> Response]`: the
    // closures of a literal passed for it are kept, and take a scope as the element says.
    var elementScopePosition: Int?
    if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) {
      let element = storedElement(of: type)
      if element.is(FunctionTypeSyntax.self) {
        escaping = true
        elementScopePosition = scopeClosurePosition(of: element)
      } else if let name = element.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil {
        escaping = true
        writtenType = name.name.text
      }
    }
    return ParameterInfo(
      label: label == "_" ? nil : label,
      isScope: scopePosition == nil && ScopeType.isScope(type),
      hasDefault: parameter.defaultValue != nil,
      isClosure: type.is(FunctionTypeSyntax.self) || isOptionalClosure,
      // Optional closures are implicitly escaping.
      isEscaping: escaping || isOptionalClosure,
      takesScopeClosure: (scopePosition ?? elementScopePosition) != nil,
      scopeClosurePosition: scopePosition ?? elementScopePosition ?? 0,
      isVariadic: parameter.ellipsis != nil,
      writtenType: writtenType == ScopeType.name ? nil : writtenType
    )
  }

  /// The position of the `ImplicitScope` parameter of a closure type
  /// (`@Sendable (Request, ImplicitScope) async throws -> Response`: 1); `nil` for other types.
  static func scopeClosurePosition(of type: TypeSyntax) -> Int? {
    var type = type
    while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
    guard let function = type.as(FunctionTypeSyntax.self) else { return nil }
    for (position, element) in function.parameters.elements.enumerated() where ScopeType.isScope(element.type) {
      return position
    }
    return nil
  }

  /// The closure type a value of `written` holds, seen through attributes, optionals,
  /// one-element tuples and collections: `[String: Handler]` → `Handler`,
  /// `((Int, ImplicitScope) -> Void)?` → `(Int, ImplicitScope) -> Void`.
  static func storedElement(of written: TypeSyntax) -> TypeSyntax {
    var type = written
    while true {
      while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
      if let optional = type.as(OptionalTypeSyntax.self) {
        type = optional.wrappedType
      } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        type = unwrapped.wrappedType
      } else if let array = type.as(ArrayTypeSyntax.self) {
        type = array.element
      } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
        type = dictionary.value
      } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
        type = only.type
      } else if let generic = type.as(IdentifierTypeSyntax.self), let arguments = generic.genericArgumentClause?.arguments,
        storedGenerics.contains(generic.name.text), case .type(let last)? = arguments.last?.argument
      {
        // `Optional<Step>`, `Array<Step>`, `Dictionary<String, Handler>`: as `Step?`, `[Step]`.
        type = last
      } else {
        return type
      }
    }
  }

  /// The standard library's generic types `storedElement(of:)` reads through: their last
  /// generic argument is what a value holds.
  private static let storedGenerics: Set<String> = ["Optional", "Array", "ContiguousArray", "Dictionary"]

  /// `RowCell` of `tableView.dequeueReusableCell(…) as! RowCell` or `… as? RowCell` (the
  /// type a value is cast to, unwrapped), as `KeyInference.typeName` writes it.
  static func castType(of value: ExprSyntax) -> String? {
    guard let elements = value.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
      elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true,
      let type = elements.last?.as(TypeExprSyntax.self)?.type
    else { return nil }
    return KeyInference.typeName(type)
  }

  /// `self.onShare = onShare`, `onCancel = handler` among a body's statements: the property
  /// and the name assigned to it.
  static func propertyAssignments(in body: [CodeBlockItemSyntax]) -> [(property: String, value: String)] {
    body.compactMap { item in
      guard let elements = item.item.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
        elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
        let target = elements.first, let value = elements.last?.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return nil }
      if let member = target.as(MemberAccessExprSyntax.self) { return propertyPath(of: member).map { ($0, value) } }
      // `onShare = onShare` would assign the parameter to itself.
      guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, name != value else { return nil }
      return (name, value)
    }
  }

  /// `self.onShare` → `onShare`; `archive.onTap`, `self.archive?.onTap` → `archive#onTap`:
  /// a property of the enclosing type or a path through its properties, as
  /// `ScopeClosureAliases.property(_:of:)` takes it.
  private static func propertyPath(of member: MemberAccessExprSyntax) -> String? {
    guard var base = member.base else { return nil }
    base = unwrappingOptionals(base)
    let name = member.declName.baseName.text
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      let owner = reference.baseName.text
      return owner == "self" ? name : ScopeClosureAliases.property(name, of: owner)
    }
    guard let inner = base.as(MemberAccessExprSyntax.self), let path = propertyPath(of: inner) else { return nil }
    return ScopeClosureAliases.property(name, of: path)
  }

  /// The stored property `scope = ImplicitScope()` or `self.scope = ImplicitScope()` sets
  /// to a scope created there (any creation form), if `value` is such a creation.
  static func propertySetToScope(_ value: FunctionCallExprSyntax) -> String? {
    switch RuntimeCall(value) {
    case .rootScope, .bagScope, .nestedScope: break
    default: return nil
    }
    guard let list = value.parent?.as(ExprListSyntax.self), list.count == 3, list.last?.id == value.id,
      list.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = list.first
    else { return nil }
    if let member = target.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return member.declName.baseName.text
    }
    return target.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// The properties the top-level statements of `body` set to a scope they create (a test
  /// case's `setUp`, a suite's `init`).
  static func propertiesSetToScopes(in body: [CodeBlockItemSyntax]) -> [String] {
    body.compactMap { item in
      guard let elements = item.item.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
        let call = elements.last?.as(FunctionCallExprSyntax.self)
      else { return nil }
      return propertySetToScope(call)
    }
  }

  /// Well-known library calls that keep their closure to run it later: `Task { }`,
  /// `Task.detached { }`, `group.addTask { }`, `DispatchQueue.main.async { }`, timers and
  /// observers.
  static func isEscapingLibraryCallee(_ site: CallSite) -> Bool {
    if site.baseName == "init", case .type(let type) = site.receiver { return type == "Task" || type == "Thread" }
    // Run before the call returns, but on other threads, whose contexts hold none of the
    // caller's values (runtime.md, Threads): `concurrentPerform`'s iterations on workers, a
    // block `sync`ed onto the main queue on the main thread. A bag carries values there.
    if site.baseName == "concurrentPerform" { return true }
    if site.baseName == "sync" || site.baseName == "asyncAndWait" {
      return site.receiver == .staticProperty(type: "DispatchQueue", name: "main")
    }
    return escapingCallees.contains(site.baseName)
  }

  private static let escapingCallees: Set<String> = [
    "detached", "addTask", "addTaskUnlessCancelled", "async", "asyncAfter", "scheduledTimer",
    "addObserver", "sink",
  ]

  /// `Result { try … }` (`Result(catching:)`): the standard library's initializer runs the
  /// closure to make the value, before it returns; so do `Dictionary(grouping: rows) { … }`
  /// and `Dictionary(pairs) { first, _ in first }`.
  static func isInPlaceLibraryInitializer(_ site: CallSite) -> Bool {
    guard site.baseName == "init", case .type(let type) = site.receiver else { return false }
    let name = type.prefix { $0 != "<" }
    return name == "Result" || name == "Dictionary"
  }

  /// `AsyncStream { continuation in … }`, `AsyncThrowingStream<T, E>(T.self) { … }`: the
  /// standard library's stream initializers. Their `build` closure runs before the
  /// initializer returns; the `unfolding:` and `onCancel:` closures are kept for later.
  static func isAsyncStreamInitializer(_ site: CallSite) -> Bool {
    guard site.baseName == "init", case .type(let type) = site.receiver else { return false }
    let name = type.prefix { $0 != "<" }
    return name == "AsyncStream" || name == "AsyncThrowingStream"
  }

  /// `Task { }` and a task group's `addTask { }` / `addTaskUnlessCancelled { }`: a task
  /// that inherits the values visible to the code that creates it, when that code runs in
  /// a task (`Task.detached { }` inherits nothing).
  static func createsChildTask(_ site: CallSite) -> Bool {
    if site.baseName == "init", case .type(let type) = site.receiver { return type == "Task" || type.hasPrefix("Task<") }
    return site.baseName == "addTask" || site.baseName == "addTaskUnlessCancelled"
  }

  /// `MainActor.run { }` (also `await MainActor.run(resultType:body:)`): runs the closure on
  /// the main actor and returns when it has run.
  static func runsInPlace(_ site: CallSite) -> Bool {
    guard site.baseName == "run", case .type(let type) = site.receiver else { return false }
    return type == "MainActor"
  }

  /// Well-known standard library parameters that run their closure before returning.
  static let nonEscapingCallees: Set<String> = [
    "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "contains", "first",
    "firstIndex", "last", "lastIndex", "allSatisfy", "sorted", "sort", "min", "max",
    "partition", "removeAll", "drop", "prefix", "withExtendedLifetime", "withUnsafePointer",
    "withUnsafeMutablePointer", "withUnsafeBytes", "withUnsafeMutableBytes", "autoreleasepool",
    "withLock", "sync", "withoutActuallyEscaping", "withTaskGroup", "withThrowingTaskGroup",
    "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "withCheckedContinuation",
    "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
    "withTaskCancellationHandler", "withTaskPriorityEscalationHandler",
    // Buffers and strings lent to a closure for its duration.
    "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withContiguousStorageIfAvailable",
    "withContiguousMutableStorageIfAvailable", "withCString", "withUTF8", "withMemoryRebound",
    "withUnsafeTemporaryAllocation",
    // More of the standard library's sequence and dictionary algorithms.
    "mapValues", "compactMapValues", "count", "elementsEqual", "starts", "lexicographicallyPrecedes", "split",
    "trimmingPrefix", "merge", "merging",
    // `$value.withValue(x) { … }` (task locals); SwiftUI's `withAnimation { … }`; XCTest's
    // `measure { … }`, `XCTContext.runActivity`; swift-testing's `withKnownIssue { … }`.
    "withValue", "withAnimation", "withTransaction", "measure", "runActivity", "withKnownIssue",
  ]
}
#endif
