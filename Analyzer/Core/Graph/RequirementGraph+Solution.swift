#if ImplicitsAnalysis
extension RequirementGraph {
  /// A solve's rows, by node: `starts[node]..<starts[node + 1]` index the keys required there
  /// (sorted by id) and the index of the edge of that node each came in through. Plain data,
  /// so that a patched solve can keep the last one's rows (`resolve(_:keeping:)`) and a test
  /// can compare two solves whole.
  struct Solution: Equatable, Sendable {
    var starts: [Int32]
    var keys: [Int32]
    var edges: [Int32]

    /// No node.
    init() { (starts, keys, edges) = ([0], [], []) }

    init(starts: [Int32], keys: [Int32], edges: [Int32]) {
      (self.starts, self.keys, self.edges) = (starts, keys, edges)
    }

    /// Rows built node by node, in node order (`append(_:)`).
    init(reservingRows count: Int, nodes: Int) {
      self.init()
      starts.reserveCapacity(nodes + 1)
      keys.reserveCapacity(count)
      edges.reserveCapacity(count)
    }

    var nodeCount: Int { starts.count - 1 }

    /// Node `index`'s rows: (key, edge) sorted by key.
    func rows(of index: Int) -> Zip2Sequence<ArraySlice<Int32>, ArraySlice<Int32>> {
      let range = Int(starts[index])..<Int(starts[index + 1])
      return zip(keys[range], edges[range])
    }

    /// The next node's rows; `rows` need not be sorted.
    mutating func append(_ rows: some Sequence<(key: Int32, edge: Int32)>) {
      for row in rows.sorted(by: { $0.key < $1.key }) {
        keys.append(row.key)
        edges.append(row.edge)
      }
      starts.append(Int32(keys.count))
    }
  }
}
#endif
