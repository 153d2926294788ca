#if ImplicitsAnalysis
/// The edges of most contributions, added from their fields read in place.
///
/// Nineteen contributions in twenty of a generated module are a key read or a call that
/// `CallLookups` answered with one callee, into a body or an entry point. `addEdge` takes
/// the contribution as a value: copied out of its file's array (~250 instructions), its
/// source copied again to be switched on, and a call's site copied out of its box (~350):
/// a third of the edges' cost at 5,000 files. Here nothing is copied; every other
/// contribution goes through `addEdge` as before, and the edge made is the one `addEdge`
/// makes (same keys numbered in the same order: the mask's first, then the read's).
extension GraphBuilder {
  mutating func addPlainEdge(file: FileID, index: Int, callee: (callable: Int, name: String)?) -> Bool {
    let target: NodeID
    switch files[file.index].contributions[index].sink {
    case .body(let node): target = fileNodes[file.index].bodies[node]
    case .entry(let entry): target = fileNodes[file.index].entries[entry]
    case .bag: return false
    }
    let isRead = files[file.index].contributions[index].source.isKeyRead
    if !isRead {
      // A call with one callee found, not tentative, that passes no literal for a constant's `next`.
      guard let callee, literalNexts.isEmpty, files[file.index].contributions[index].source.isPlainCall else { return false }
      graph.addEdge(
        to: target, from: .node(symbols.callables[callee.callable].node), mask: mask(file: file, index: index),
        location: files[file.index].contributions[index].location, role: .call(callee.name))
      return true
    }
    let mask = mask(file: file, index: index)
    let id = graph.key(files[file.index].contributions[index].source.readKey)
    if loopTraceFile != 0 { traceKey(id) }
    graph.addEdge(to: target, from: .key(id), mask: mask, location: files[file.index].contributions[index].location, role: .read)
    return true
  }

  /// The contribution's mask numbered (and traced, when a loop is recorded), as `addEdge` does.
  private mutating func mask(file: FileID, index: Int) -> [Int] {
    let count = files[file.index].contributions[index].mask.count
    if count == 0 { return [] }
    var mask: [Int] = []
    if files[file.index].contributions[index].mask.contains(KeyName.uninferable) {
      mask = RequirementGraph.Edge.hidesEverything
    } else {
      mask.reserveCapacity(count)
      for key in 0..<count { mask.append(graph.key(files[file.index].contributions[index].mask[key])) }
    }
    if loopTraceFile != 0 { for key in mask { traceKey(key) } }
    return mask
  }
}

extension Source {
  /// Read in place: only trivial fields, so that nothing is copied out of the contribution.
  var isKeyRead: Bool {
    if case .key = self { return true }
    return false
  }

  /// The key of a `.key` source (empty otherwise: asked only where `isKeyRead`).
  var readKey: KeyName {
    if case .key(let key) = self { return key }
    return ""
  }

  /// A call whose site is not tentative (`addEdge` decides a tentative one on the callee's
  /// closure positions).
  var isPlainCall: Bool {
    if case .call(let site) = self { return !site.isTentative }
    return false
  }
}
#endif
