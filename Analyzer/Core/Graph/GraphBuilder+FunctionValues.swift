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
    for candidate in symbols.implicitCandidates(for: site, file: file) {
      let parameters = symbols.callables[candidate].parameters
      guard let position = parameters.firstIndex(where: \.isScope) else { continue }
      if let shape, shape != (parameters.count, position) { return nil }
      shape = (parameters.count, position)
    }
    return shape
  }
}
#endif
