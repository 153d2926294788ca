#if ImplicitsAnalysis
import SwiftSyntax

/// What a declaration's modifiers say, read in one pass over them: the declarations pass
/// asked `SyntaxFacts.has` four times and `SyntaxFacts.access(of:)` once per function,
/// each a walk of the list.
struct DeclModifiers {
  /// The first access modifier without a detail (`private(set)` does not count), as
  /// `SyntaxFacts.access(of:)` reads it.
  private(set) var access = AccessLevel.internal
  /// `static`.
  private(set) var isStatic = false
  /// `class`, on a member: a static member that subclasses may override.
  private(set) var isClass = false
  private(set) var isFinal = false
  private(set) var isOverride = false
  /// `convenience`, on an initializer: it does not stop a subclass inheriting its
  /// superclass's designated initializers.
  private(set) var isConvenience = false

  init(_ modifiers: DeclModifierListSyntax) {
    var accessFound = false
    for modifier in modifiers.elements {
      let name = modifier.name
      if SyntaxFacts.spells(name, "static") {
        isStatic = true
      } else if SyntaxFacts.spells(name, "class") {
        isClass = true
      } else if SyntaxFacts.spells(name, "final") {
        isFinal = true
      } else if SyntaxFacts.spells(name, "override") {
        isOverride = true
      } else if SyntaxFacts.spells(name, "convenience") {
        isConvenience = true
      } else if !accessFound, modifier.detail == nil, let level = AccessLevel(rawValue: name.text) {
        access = level
        accessFound = true
      }
    }
  }
}
#endif
