#if ImplicitsAnalysis
import SwiftSyntax

/// A type declared inside a body (a helper type of one function, a stub in a test): the
/// declaration collector reads no declaration inside a body, so its methods were unknown,
/// and a call of one that passes the scope (`Row().draw(scope)`) was a false
/// `unresolved-call`. Its methods are read here, as the body's local functions with a
/// scope parameter are: `private` functions of the file, of the type's name (a local type
/// is not a member of the enclosing type), walked as bodies of their own. Its initializers,
/// properties and nested types are not read.
///
/// Calls name the type as written (`Row`), so two local types of one name in a file (each
/// function its own `Row`) cannot be told apart: neither is read, and a call of theirs stays
/// `unresolved-call`, which says what the analyzer cannot follow, rather than an `ambiguous-call`
/// between two `Row`s that each read something else.
extension EffectCollector {
  func addLocalType(_ name: TokenSyntax, _ members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    guard LocalTypeNames.count(of: name.text, in: Syntax(name).root) == 1 else { return .skipChildren }
    for member in members.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil else { continue }
      let read = declarations.localFunction(
        function, typeName: name.text, numbered: (found.nextFunction, found.nextNode))
      found.add(read.function, node: read.node)
      if let walk = read.walk { found.localBodies.append(walk) }
      found.diagnostics += read.diagnostics
    }
    return .skipChildren
  }
}

/// Counts the types of a name declared inside bodies (functions, accessors, closures) of a file.
private final class LocalTypeNames: SyntaxVisitor {
  private let name: String
  private var count = 0
  private var depth = 0

  private init(_ name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  static func count(of name: String, in root: Syntax) -> Int {
    let counter = LocalTypeNames(name)
    counter.walk(root)
    return counter.count
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    depth += 1
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) { depth -= 1 }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    depth += 1
    return .visitChildren
  }
  override func visitPost(_ node: ClosureExprSyntax) { depth -= 1 }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }

  private func found(_ type: TokenSyntax) -> SyntaxVisitorContinueKind {
    if depth > 0, type.text == name { count += 1 }
    return .visitChildren
  }
}
#endif
