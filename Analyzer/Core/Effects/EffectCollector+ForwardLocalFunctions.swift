#if ImplicitsAnalysis
import SwiftSyntax

/// Swift lets a block call a local function above its declaration (helpers written at the
/// bottom of a body, two local functions calling each other). A call finds a local
/// function in `LexicalEnvironment.localFunctions`, which its declaration fills: called
/// above it, the call was an ordinary one to a function the module does not declare, and
/// what the local function needs went unchecked.
///
/// So when a block starts, each local function without a scope parameter whose name is
/// written above its declaration in the block (in a statement, or in the body of a local
/// function declared before it) gets its node then, and is in sight for the whole block;
/// its body is still walked where it is declared. Its node is the one its declaration
/// would make, only numbered earlier; blocks without such a call are walked as before.
/// The name is matched as a token, not resolved: a variable of that name in an inner
/// block makes the function's node earlier, which changes nothing a call reads.
extension EffectCollector {
  func registerForwardLocalFunctions(_ list: some Collection<CodeBlockItemSyntax>) {
    var functions: [(position: Int, declaration: FunctionDeclSyntax)] = []
    for (position, item) in list.enumerated() {
      guard let function = item.item.as(FunctionDeclSyntax.self), function.body != nil,
        !function.signature.parameterClause.parameters.contains(where: { ScopeType.isScope($0.type) })
      else { continue }
      functions.append((position, function))
    }
    guard !functions.isEmpty else { return }
    // A name written above any of its declarations brings all of them forward, in order,
    // so that overloads chain as they do when declared first (`earlierOverloads`).
    var forward: Set<String> = []
    var items = list.makeIterator()
    var position = 0
    var written: Set<String> = []
    for (declared, function) in functions {
      while position < declared, let item = items.next() {
        for token in item.tokens(viewMode: .sourceAccurate) {
          if case .identifier(let text) = token.tokenKind { written.insert(text) }
        }
        position += 1
      }
      if written.contains(function.name.text) { forward.insert(function.name.text) }
    }
    guard !forward.isEmpty else { return }
    for (_, function) in functions where forward.contains(function.name.text) {
      let index = found.add(localFunctionNode(function))
      forwardLocalFunctions[function.id] = index
      registerLocalFunction(function, index)
    }
  }
}
#endif
