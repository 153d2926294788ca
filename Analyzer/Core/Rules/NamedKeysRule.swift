#if ImplicitsAnalysis
import SwiftSyntax

/// `extension ImplicitsKeys` holds only named keys (`named-key-malformed`):
/// `static let name = Key<Value>()`, the hand-written accessor
/// `var name: SomeKey.Type { SomeKey.self }`, and the tag types such accessors use.
final class NamedKeysRule: SyntaxRule {
  override func visit(_ node: ExtensionDeclSyntax) {
    let name = KeyInference.typeName(node.extendedType)
    guard ImplicitsNaming.keysNamespaces.contains(name) else { return }
    check(node.memberBlock.members)
  }

  private func check(_ members: MemberBlockItemListSyntax) {
    for member in members.elements {
      let decl = member.decl
      if let variable = decl.as(VariableDeclSyntax.self) {
        check(variable)
      } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        for (clause, _) in file.conditions.activeClauses(of: ifConfig) {
          if case .decls(let nested)? = clause.elements { check(nested) }
        }
      } else if !(decl.is(EnumDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)) {
        error(.namedKeyMalformed,
          "'extension ImplicitsKeys' holds only named keys; declare them as 'static let name = Key<Value>()' and move this declaration to another extension",
          at: decl)
      }
    }
  }

  private func check(_ variable: VariableDeclSyntax) {
    guard let binding = variable.bindings.first, variable.bindings.count == 1,
      let name = SyntaxFacts.boundName(binding)
    else {
      error(.namedKeyMalformed, NamedKeyShape.malformedMessage(nil), at: variable)
      return
    }
    let isAccessor = binding.accessorBlock != nil && binding.typeAnnotation?.type.is(MetatypeTypeSyntax.self) == true
    if !isAccessor, NamedKeyShape.valueType(of: variable, binding: binding) == nil {
      error(.namedKeyMalformed, NamedKeyShape.malformedMessage(name), at: binding.pattern)
    }
  }
}
#endif
