#if ImplicitsAnalysis
import SwiftSyntax

/// Aliases declared inside a body (`typealias Step = (ImplicitScope) -> Int` in a function):
/// the declaration collector reads none inside bodies, and the module's aliases are looked
/// up by name once every file is read, so `let step: Step = { scope in … }` was an untyped
/// scope parameter (a false `untyped-scope-closure-parameter`) — or, with a module alias
/// of the same name, read as that one. Only the blocks around the use can name a local
/// alias, so it is looked up there, innermost first, and seen through where it is used.
enum LocalTypeAliases {
  /// `type` with a local alias it names (or names optional: `Step?`) replaced by what the
  /// alias stands for, a few aliases deep; `type` itself when it names none.
  static func resolved(_ type: TypeSyntax, around node: some SyntaxProtocol) -> TypeSyntax {
    var type = type
    for _ in 0..<4 {
      if let optional = type.as(OptionalTypeSyntax.self), let name = plainName(optional.wrappedType),
        let target = target(of: name, around: node)
      {
        type = TypeSyntax(optional.with(\.wrappedType, target))
      } else if let name = plainName(type), let target = target(of: name, around: node) {
        type = target
      } else {
        break
      }
    }
    return type
  }

  private static func plainName(_ type: TypeSyntax) -> String? {
    guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
    return identifier.name.text
  }

  /// What the alias `name` declared in a block around `node` stands for; `nil` when no
  /// block around it declares one (the name is the module's, or not an alias).
  static func target(of name: String, around node: some SyntaxProtocol) -> TypeSyntax? {
    // A local alias has a plain name; `Screen.Action` is a member of a type.
    guard !name.utf8.contains(UInt8(ascii: ".")) else { return nil }
    var current = node.parent
    while let parent = current {
      // Above a type's members or in the file's own statements, aliases are the module's.
      if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return nil }
      if let block = parent.as(CodeBlockItemListSyntax.self), parent.parent?.is(SourceFileSyntax.self) != true {
        for item in block {
          guard case .decl(let decl) = item.item, let alias = decl.as(TypeAliasDeclSyntax.self),
            alias.name.text == name
          else { continue }
          return alias.initializer.value
        }
      }
      current = parent.parent
    }
    return nil
  }
}
#endif
