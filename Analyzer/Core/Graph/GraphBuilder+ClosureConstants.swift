#if ImplicitsAnalysis
/// Closure constants called by name: `health(request, scope)` with `let health: Handler =
/// { … }` at file scope, `Routes.health(request, scope)` with a `static let` of `Routes`.
/// The constant holds that closure for the whole run, so the call runs it and nothing else:
/// the closure's node is a callable like a function's, with no argument labels and the
/// scope where its type takes one. Used as a value (`router.use(Routes.health)`), the
/// closure is also one of the closures of its shape (`GraphBuilder+ClosureValues`).
extension GraphBuilder {
  /// After `findScopeClosureArguments`, which tells where each stored closure takes its scope.
  mutating func indexClosureConstants() {
    // Indexed, not iterated: a summary or body node copied out is a dozen retains.
    for position in files.indices {
      for index in files[position].nodes.indices where files[position].nodes[index].constant != nil {
        let (body, file) = (files[position].nodes[index], FileID(position))
        guard let constant = body.constant, body.closureArity > 0 else { continue }
        let node = fileNodes[file.index].bodies[index]
        // A closure of a type that takes no scope is called with none: no call to resolve.
        guard let position = scopeClosurePositions[node]?.min() else { continue }
        let parameters = (0..<body.closureArity).map {
          ParameterInfo(label: nil, isScope: $0 == position, hasDefault: false, isClosure: false, isEscaping: false)
        }
        addCallable(
          Callable(
            node: node, typeName: body.typeName, parameters: parameters, isImplicit: true, isExternal: false,
            qualifiedName: (body.typeName.map { $0 + "." } ?? "") + constant.name,
            privateFile: constant.isFilePrivate ? file : nil, isStatic: body.typeName != nil),
          baseName: constant.name)
        let name = (body.typeName.map { $0 + "." } ?? "") + constant.name
        closureConstantNodes[name, default: []].append((node, body.closureArity, constant.isFilePrivate ? file : nil))
      }
    }
  }
}
#endif
