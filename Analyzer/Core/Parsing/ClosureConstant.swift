#if ImplicitsAnalysis
import SwiftSyntax

/// A closure literal that is the whole value of a constant a call can name: `let health:
/// Handler = { request, scope in … }` at file scope, or `static let health: Handler = { … }`
/// in a type. Such a constant holds that closure and no other for the whole run, so a call
/// by its name (`health(request, scope)`, `Routes.health(request, scope)`) runs exactly it:
/// the graph gives it the closure's node as a callee (`GraphBuilder.indexClosureConstants`).
///
/// A `var`, an instance property, a local, or a constant set from anything but a literal
/// may hold another closure by the time it is called: none of them is one.
struct ClosureConstant: Hashable, Sendable {
  /// The name a call uses.
  var name: String
  /// `private` or `fileprivate`: a call from another file cannot name it.
  var isFilePrivate: Bool

  /// The constant `closure` is the value of, if it is one.
  init?(_ closure: ClosureExprSyntax) {
    guard let binding = closure.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
      binding.accessorBlock == nil,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.let)
    else { return nil }
    let inType = variable.parent?.is(MemberBlockItemSyntax.self) == true
    guard inType ? SyntaxFacts.has("static", in: variable.modifiers) : Self.isAtFileScope(variable) else { return nil }
    self.name = name
    isFilePrivate = SyntaxFacts.access(of: variable.modifiers) <= .fileprivate
  }

  init(name: String, isFilePrivate: Bool) {
    self.name = name
    self.isFilePrivate = isFilePrivate
  }

  /// A global: a statement of the source file itself (in `main.swift` too, where top-level
  /// variables are globals other files may use).
  private static func isAtFileScope(_ variable: VariableDeclSyntax) -> Bool {
    variable.parent?.is(CodeBlockItemSyntax.self) == true && variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
  }
}
#endif
