#if ImplicitsAnalysis
/// The solve a word of keys at a time, for graphs whose (node, key) grid is small enough to
/// hold the edge of every pair in place (a generated module has a dozen keys, an app of a
/// few thousand nodes some hundreds).
///
/// The flat solve (`RequirementGraph.solve`, `RequirementTable`) passes keys on one by one:
/// per key and edge crossed a bit test, and per new pair three appends to the table, two to
/// the pending lists, then two counting sorts to group the pairs by node. Here a node's keys
/// are bits: what crosses an edge is `delta & ~required & ~mask`, a word operation; a new
/// pair writes its edge into the grid; the pending keys are bits too; and the rows come out
/// grouped and sorted by reading each node's bits in order. The order of the work is the
/// flat solve's (seeds by node and edge, then the same last-in-first-out worklist, the same
/// dependents in the same order), and which key of a delta crosses an edge first never
/// mattered, so every pair is recorded through the same edge.
extension RequirementGraph {
  /// The most (node, key) cells the edge grid may have (16 MiB of `Int32`): it is left
  /// uninitialized, and only the pages of required pairs are touched.
  static let wordSolveLimit = 1 << 22

  static func usesWords(nodeCount: Int, keyCount: Int) -> Bool {
    nodeCount.multipliedReportingOverflow(by: max(keyCount, 1)).partialValue <= wordSolveLimit
      && nodeCount < Int(Int32.max) / max(keyCount, 1)
  }

  /// The rows of `nodes` solved (`starts`, `keys`, `edges` as `Solution` holds them);
  /// `dependents` is called once the seeds are in (its indexing may run on a worker meanwhile).
  static func solveByWords(
    _ nodes: [Node], keyCount: Int, dependents: () -> SolveDependents
  ) -> (starts: [Int32], keys: [Int32], edges: [Int32], dependents: SolveDependents) {
    let count = nodes.count
    let words = max((keyCount + 63) / 64, 1)
    let required = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count * words)
    required.initialize(repeating: 0)
    let pending = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count * words)
    pending.initialize(repeating: 0)
    // Read only where `required` has the bit, so never read uninitialized.
    let edgeOf = UnsafeMutablePointer<Int32>.allocate(capacity: max(count * keyCount, 1))
    let queued = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
    queued.initialize(repeating: false)
    let delta = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: words)
    defer {
      required.deallocate()
      pending.deallocate()
      edgeOf.deallocate()
      queued.deallocate()
      delta.deallocate()
    }
    var queue: [Int] = []
    for index in 0..<count {
      let base = index * words
      var gained = false
      for edgeIndex in nodes[index].edges.indices {
        guard case .key(let key) = nodes[index].edges[edgeIndex].source,
          !nodes[index].edges[edgeIndex].hides(key)
        else { continue }
        let (word, bit) = (base + key >> 6, UInt64(1) << UInt64(key & 63))
        guard required[word] & bit == 0 else { continue }
        required[word] |= bit
        pending[word] |= bit
        edgeOf[index * keyCount + key] = Int32(edgeIndex)
        gained = true
      }
      if gained {
        queue.append(index)
        queued[index] = true
      }
    }
    let dependents = dependents()
    while let node = queue.popLast() {
      queued[node] = false
      let base = node * words
      for word in 0..<words {
        delta[word] = pending[base + word]
        pending[base + word] = 0
      }
      for position in Int(dependents.starts[node])..<Int(dependents.starts[node + 1]) {
        let (dependent, edgeIndex) = (Int(dependents.nodes[position]), dependents.edges[position])
        let masked = dependents.masked[position]
        let mask = masked ? nodes[dependent].edges[Int(edgeIndex)].mask : []
        if masked, mask.first == -1 { continue }
        let dependentBase = dependent * words
        var gained = false
        for word in 0..<words {
          var new = delta[word] & ~required[dependentBase + word]
          if new == 0 { continue }
          if masked {
            for key in mask where key >= 0 && key >> 6 == word { new &= ~(UInt64(1) << UInt64(key & 63)) }
            if new == 0 { continue }
          }
          required[dependentBase + word] |= new
          pending[dependentBase + word] |= new
          gained = true
          let row = dependent * keyCount + word * 64
          while new != 0 {
            edgeOf[row + new.trailingZeroBitCount] = edgeIndex
            new &= new - 1
          }
        }
        // A node has pending keys exactly when it is queued, so only a gain can queue one.
        if gained, !queued[dependent] {
          queued[dependent] = true
          queue.append(dependent)
        }
      }
    }
    var starts = [Int32](repeating: 0, count: count + 1)
    var total = 0
    for node in 0..<count {
      for word in 0..<words { total += required[node * words + word].nonzeroBitCount }
      starts[node + 1] = Int32(total)
    }
    var keys = [Int32](repeating: 0, count: total)
    var edges = [Int32](repeating: 0, count: total)
    keys.withUnsafeMutableBufferPointer { keys in
      edges.withUnsafeMutableBufferPointer { edges in
        var position = 0
        for node in 0..<count {
          for word in 0..<words {
            var bits = required[node * words + word]
            while bits != 0 {
              let key = word * 64 + bits.trailingZeroBitCount
              keys[position] = Int32(key)
              edges[position] = edgeOf[node * keyCount + key]
              position += 1
              bits &= bits - 1
            }
          }
        }
      }
    }
    return (starts, keys, edges, dependents)
  }
}
#endif
