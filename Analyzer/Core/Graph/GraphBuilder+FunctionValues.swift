#if ImplicitsAnalysis
/// Functions named as values (`EffectCollector+FunctionValues`): the closure standing for
/// one takes its scope where the function it names does. A closure literal says so in its
/// signature or its context; a name says so only once every file is read.
extension GraphBuilder {
  /// The number of parameters of the function the closure `node` of `file` stands for, and
  /// the scope's position among them, when every implicit function the name reaches agrees
  /// (overloads that disagree leave it to the context, as an untyped closure is). `nil`
  /// for every other closure.
  func functionValueShape(of node: Int, file: FileID) -> (arity: Int, scopePosition: Int)? {
    guard let site = files[file.index].functionValues[node] else { return nil }
    var shape: (arity: Int, scopePosition: Int)?
    for candidate in functionValueCandidates(site, closure: fileNodes[file.index].bodies[node], file: file) {
      let parameters = symbols.callables[candidate].parameters
      guard let position = parameters.firstIndex(where: \.isScope) else { continue }
      if let shape, shape != (parameters.count, position) { return nil }
      shape = (parameters.count, position)
    }
    return shape
  }

  /// The implicit functions a function named as a value reaches: of the overloads of its
  /// name, those that take their scope where the context passes the closure one, as Swift
  /// picks the overload of the parameter's type (`run(handle, scope)` with `step: (ImplicitScope)
  /// -> Void` names `handle(_:)`, not `handle(_:_:)`). All of them when the context does not
  /// say (an array element, `var kept = handle`) or none fits. Overloads that take the scope
  /// at the same place but differ in other parameters stay together: what the parameter's
  /// other types are is not read.
  func functionValueCandidates(_ site: CallSite, closure: NodeID, file: FileID) -> [Int] {
    let candidates = symbols.implicitCandidates(for: site, file: file)
    guard candidates.count > 1, let positions = scopeClosurePositions[closure] else { return candidates }
    let fitting = candidates.filter { candidate in
      symbols.callables[candidate].parameters.firstIndex(where: \.isScope).map(positions.contains) == true
    }
    return fitting.isEmpty ? candidates : fitting
  }
}
#endif
