#if ImplicitsAnalysis
import SwiftSyntax

/// How `@Implicit` variables are written:
///
/// - `@Implicit` is the outermost property wrapper (`implicit-not-outermost`): with another
///   wrapper outside it, the key would be that wrapper's storage type, not the value type
///   the analyzer and the reader see;
/// - `@Implicit var _ = …` declares nothing (`implicit-wildcard`): Swift never runs the
///   wrapper of a variable named `_`;
/// - a stored `@Implicit` of an `@Observable` class is `@ObservationIgnored`
///   (`implicit-observation-tracked`): the macro makes every other stored property
///   computed, and a property wrapper on a computed property does not compile — a dozen
///   errors inside the macro's expansion, which this one message replaces.
///
/// (A declaration under an `#if` the analyzer cannot decide is either way, like the rest of
/// the code: the effects pass walks each clause as a configuration.)
final class ImplicitDeclarationRule: SyntaxRule {
  /// Property wrappers of the SDKs and of common packages; the module's own are the types
  /// it marks `@propertyWrapper`. Any other attribute (`@ObservationIgnored`, `@MainActor`,
  /// an attached macro) does not wrap the value.
  /// Capitalised attributes before `@Implicit`, for `outermostDiagnostics`.
  private(set) var attributesOutsideImplicit: [AttributeOutsideImplicit] = []

  static let libraryWrappers: Set<String> = [
    "State", "Binding", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Published",
    "AppStorage", "SceneStorage", "FocusState", "FocusedValue", "FocusedBinding", "FocusedObject", "GestureState",
    "Namespace", "ScaledMetric", "AccessibilityFocusState", "UIApplicationDelegateAdaptor",
    "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor", "FetchRequest",
    "SectionedFetchRequest", "Query", "Bindable", "Dependency", "Shared", "SharedReader", "Injected", "LazyInjected",
    "TaskLocal",
  ]

  override func visit(_ node: VariableDeclSyntax, _ facts: VariableFacts) {
    guard let implicit = facts.implicit else { return }
    // Written first (as almost always): nothing is outside it, and its node is not needed.
    if implicit.index != 0 || context.mentions.observable, let attribute = node.implicitAttribute(facts) {
      if implicit.index != 0 { checkOutermost(attribute, in: node.attributes) }
      if context.mentions.observable { checkObservationIgnored(node, attribute) }
    }
    for binding in facts.bindings where binding.isWildcard {
      error(.implicitWildcard,
        "'@Implicit var _' declares nothing: Swift never runs the property wrapper of a variable named '_'; give the variable a name",
        at: file.location(atUTF8Offset: binding.patternOffset))
    }
  }

  /// `implicit-observation-tracked` for a stored `@Implicit` property of an `@Observable`
  /// class that the macro would track.
  private func checkObservationIgnored(_ node: VariableDeclSyntax, _ implicit: AttributeSyntax) {
    guard let type = node.parent?.parent?.parent?.parent?.as(ClassDeclSyntax.self),
      type.attributes.elements.contains(where: { Self.isAttribute($0, "Observable") }),
      !node.attributes.elements.contains(where: { Self.isAttribute($0, "ObservationIgnored") })
    else { return }
    let name = node.bindings.first?.pattern.trimmedDescription ?? "value"
    error(.implicitObservationTracked,
      "'@Implicit var \(name)' in '@Observable' class '\(type.name.text)' must be '@ObservationIgnored': "
        + "the macro makes tracked properties computed, and a property wrapper cannot sit on a computed "
        + "property; write '@ObservationIgnored @Implicit var \(name)'",
      at: implicit)
  }

  private static func isAttribute(_ element: AttributeListSyntax.Element, _ name: StaticString) -> Bool {
    guard case .attribute(let attribute) = element else { return false }
    return SyntaxFacts.isNamed(attribute.attributeName, name)
  }

  /// Records the capitalised attributes before `@Implicit` (property wrappers are types);
  /// `outermostDiagnostics` reports those that are wrappers.
  private func checkOutermost(_ implicit: AttributeSyntax, in attributes: AttributeListSyntax) {
    for element in attributes.elements {
      guard case .attribute(let attribute) = element else { continue }
      if attribute.id == implicit.id { return }
      let name = attribute.attributeName.trimmedDescription
      guard let first = name.first, first.isUppercase else { continue }
      attributesOutsideImplicit.append(AttributeOutsideImplicit(
        name: name, implicit: file.location(of: implicit), attribute: file.location(of: attribute)))
    }
  }

  /// `implicit-not-outermost` for each attribute outside `@Implicit` that is a property
  /// wrapper of a library or of the module, once per declaration.
  static func outermostDiagnostics(_ files: [FileSummary]) -> [Diagnostic] {
    guard files.contains(where: { !$0.attributesOutsideImplicit.isEmpty }) else { return [] }
    var wrappers = libraryWrappers
    for file in files {
      for type in file.declarations.types where type.isPropertyWrapper { wrappers.insert(type.name) }
    }
    var reported: Set<SourceLoc> = []
    var diagnostics: [Diagnostic] = []
    for file in files {
      for outer in file.attributesOutsideImplicit where !reported.contains(outer.implicit) {
        let bare = outer.name.split(separator: ".").last.map(String.init) ?? outer.name
        guard wrappers.contains(outer.name) || wrappers.contains(bare) || wrappers.contains(where: { $0.hasSuffix("." + bare) })
        else { continue }
        reported.insert(outer.implicit)
        diagnostics.append(.error(.implicitNotOutermost,
          "'@Implicit' must be the outermost property wrapper; move it before '@\(outer.name)'",
          at: outer.implicit, notes: [.init(location: outer.attribute, message: "'@\(outer.name)' wraps the value first")]))
      }
    }
    return diagnostics
  }
}
/// An attribute written before `@Implicit` on one declaration.
struct AttributeOutsideImplicit: Sendable {
  var name: String
  var implicit: SourceLoc
  var attribute: SourceLoc
}
#endif
