#if ImplicitsAnalysis
import SwiftSyntax

/// A type declared inside a body (a helper type of one function, a stub in a test): the
/// declaration collector reads no declaration inside a body, so its methods were unknown,
/// and a call of one that passes the scope (`Row().draw(scope)`) was a false
/// `unresolved-call`. Its methods are read here, as the body's local functions with a
/// scope parameter are: `private` functions of the file, of the type's name (a local type
/// is not a member of the enclosing type), walked as bodies of their own. Its initializers
/// are read the same way, and its stored `@Implicit` properties are read by each
/// `init(_ scope:)` when it starts, as a type's of the module are (`attachStoredImplicits`),
/// but kept to this body: no other file can name the type. Its stored bags, other properties
/// and nested types are not read.
///
/// Calls name the type as written (`Row`), so two local types of one name in a file (each
/// function its own `Row`) cannot be told apart: neither is read, and a call of theirs stays
/// `unresolved-call`, which says what the analyzer cannot follow, rather than an `ambiguous-call`
/// between two `Row`s that each read something else.
extension EffectCollector {
  func addLocalType(_ name: TokenSyntax, _ members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    if found.localTypeNames == nil { found.localTypeNames = LocalTypeNames.counts(in: Syntax(name).root) }
    guard found.localTypeNames?[name.text] == 1 else { return .skipChildren }
    let stored = storedImplicits(of: members)
    var readsStored = false
    for member in members.members {
      var read: DeclarationCollector.FunctionRead
      if let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil {
        read = declarations.localFunction(function, typeName: name.text, numbered: (found.nextFunction, found.nextNode))
      } else if let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.body != nil {
        read = declarations.localInitializer(
          initializer, typeName: name.text, numbered: (found.nextFunction, found.nextNode))
        if read.function.isImplicit {
          read.walk?.storedReads = stored
          readsStored = true
        }
      } else {
        continue
      }
      found.add(read.function, node: read.node)
      if let walk = read.walk { found.localBodies.append(walk) }
      found.diagnostics += read.diagnostics
    }
    if !stored.isEmpty, !readsStored {
      error(
        .typeWithoutScopeInit, PassMessages.typeWithoutScopeInit(name.text, bagSpelling: nil),
        at: members.parent ?? Syntax(name))
    }
    return .skipChildren
  }

  /// The stored `@Implicit` properties of a local type, as the declaration collector reads a
  /// type's of the module: with a key told by the attribute or the annotation, and no value.
  private func storedImplicits(of members: MemberBlockSyntax) -> [(key: KeyName, location: SourceLoc)] {
    var stored: [(key: KeyName, location: SourceLoc)] = []
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let facts = VariableFacts(variable)
      guard facts.implicit != nil else { continue }
      for (index, fact) in facts.bindings.enumerated() where !fact.hasAccessors {
        guard let name = fact.name else { continue }
        switch ImplicitAttribute.storedKey(of: variable, facts, binding: index, named: name, generics: []) {
        case .success(let key): stored.append((key, file.location(atUTF8Offset: fact.patternOffset)))
        case .failure(let failure): error(failure.id, failure.message, at: variable.binding(at: index).pattern)
        }
      }
    }
    return stored
  }
}

/// Counts the types of each name declared inside bodies (functions, accessors, closures)
/// of a file: one walk of the file, made when its first local type is met.
private final class LocalTypeNames: SyntaxVisitor {
  private var counts: [String: Int] = [:]
  private var depth = 0

  private init() {
    super.init(viewMode: .sourceAccurate)
  }

  static func counts(in root: Syntax) -> [String: Int] {
    let counter = LocalTypeNames()
    counter.walk(root)
    return counter.counts
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
  // A getter written without `get { }` is an accessor's body too.
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    depth += 1
    return .visitChildren
  }
  override func visitPost(_ node: AccessorBlockSyntax) { depth -= 1 }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { found(node.name) }

  private func found(_ type: TokenSyntax) -> SyntaxVisitorContinueKind {
    if depth > 0 { counts[type.text, default: 0] += 1 }
    return .visitChildren
  }
}
#endif
