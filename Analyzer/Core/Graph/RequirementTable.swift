#if ImplicitsAnalysis
/// The solve's working set: which (node, key) pairs are required so far, and the edge
/// that brought each in, in the order they came. Used key by key when the graph's
/// (node, key) grid is too large for the solve a word at a time (`RequirementGraph+WordSolve`).
///
/// Whether a pair is in: a bit per (node, key) when the module has few keys (a generated
/// module has a dozen, an app tens to hundreds: one to a few words per node), else one
/// open-addressed table for the whole graph. The table's probes, each at a random slot of
/// megabytes, were an eighth of the solve, and its growth and grouping, which walked every
/// slot, a fifth (`perf`, 5,000-file re-check); with the bits the solve takes half the time
/// (Benchmarks/Analyzer/README.md, "The solve with a bit per (node, key)…"). A dictionary
/// per node, before the table, cost an allocation, rehashing as it grew and a SipHash per
/// lookup, together most of the solve (callgrind, 1,000 files: 0.15 G).
struct RequirementTable {
  /// Words per node when the bits are used, else 0.
  private let words: Int
  private var bits: [UInt64]
  private var slots: [UInt64]
  private var shift: UInt64
  /// The pairs in the order they were inserted, and each one's edge.
  private var nodes: [Int32] = []
  private var keys: [Int32] = []
  private var edges: [Int32] = []
  var count: Int { nodes.count }

  private static let empty = UInt64.max
  /// The most words the bits may take (16 MiB); past that, the table.
  static let bitsLimit = 1 << 21

  /// - Parameters:
  ///   - expected: how many pairs to make room for at first.
  ///   - usesBits: `nil` to decide by size; `true` or `false` to pick (the tests run both).
  init(nodeCount: Int, keyCount: Int, expected: Int, usesBits: Bool? = nil) {
    let words = (keyCount + 63) / 64
    if usesBits ?? (words * nodeCount <= Self.bitsLimit) {
      self.words = max(words, 1)
      bits = [UInt64](repeating: 0, count: self.words * nodeCount)
      (slots, shift) = ([], 0)
    } else {
      self.words = 0
      bits = []
      (slots, shift) = Self.slots(for: expected)
    }
    nodes.reserveCapacity(expected)
    keys.reserveCapacity(expected)
    edges.reserveCapacity(expected)
  }

  private static func slots(for expected: Int) -> ([UInt64], UInt64) {
    var capacity = 16
    while capacity < expected * 2 { capacity <<= 1 }
    return ([UInt64](repeating: Self.empty, count: capacity), UInt64(64 - capacity.trailingZeroBitCount))
  }

  private static func pair(_ node: Int, _ key: Int) -> UInt64 { UInt64(UInt32(node)) << 32 | UInt64(UInt32(key)) }

  /// Records that `key` is required at `node` through `edge`, unless it already is.
  /// - Returns: whether it was new.
  mutating func insert(node: Int, key: Int, edge: Int) -> Bool {
    if words > 0 {
      let (word, bit) = (node * words + (key >> 6), UInt64(1) << UInt64(key & 63))
      if bits[word] & bit != 0 { return false }
      bits[word] |= bit
    } else if !insertSlot(Self.pair(node, key)) {
      return false
    }
    nodes.append(Int32(node))
    keys.append(Int32(key))
    edges.append(Int32(edge))
    return true
  }

  /// Puts `pair` in the table unless it is there.
  /// - Returns: whether it was new.
  private mutating func insertSlot(_ pair: UInt64) -> Bool {
    let mask = slots.count - 1
    // Fibonacci hashing: the pairs are dense small integers, which a multiplication spreads.
    var slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let found = slots[slot]
      if found == pair { return false }
      if found == Self.empty { break }
      slot = (slot + 1) & mask
    }
    slots[slot] = pair
    if (nodes.count + 1) * 2 > slots.count { grow() }
    return true
  }

  private mutating func grow() {
    let old = slots
    (slots, shift) = Self.slots(for: old.count)
    for pair in old where pair != Self.empty { _ = insertSlot(pair) }
  }

  /// Every required pair, grouped by node and sorted by key within a node
  /// (`NodeRequirements`): `starts[node]..<starts[node + 1]` index `keys` and `edges`.
  /// Two counting sorts, by key and then stably by node, instead of a sort per node.
  func grouped(nodeCount: Int, keyCount: Int) -> (starts: [Int32], keys: [Int32], edges: [Int32]) {
    var byKey = [Int32](repeating: 0, count: keyCount + 1)
    for key in keys { byKey[Int(key) + 1] += 1 }
    for key in 0..<keyCount { byKey[key + 1] += byKey[key] }
    var keyOrder = [Int32](repeating: 0, count: count)
    for (entry, key) in keys.enumerated() {
      keyOrder[Int(byKey[Int(key)])] = Int32(entry)
      byKey[Int(key)] += 1
    }
    var starts = [Int32](repeating: 0, count: nodeCount + 1)
    for node in nodes { starts[Int(node) + 1] += 1 }
    for node in 0..<nodeCount { starts[node + 1] += starts[node] }
    var fill = starts
    var keysOut = [Int32](repeating: 0, count: count)
    var edgesOut = [Int32](repeating: 0, count: count)
    for entry in keyOrder {
      let node = Int(nodes[Int(entry)])
      let position = Int(fill[node])
      keysOut[position] = keys[Int(entry)]
      edgesOut[position] = edges[Int(entry)]
      fill[node] += 1
    }
    return (starts, keysOut, edgesOut)
  }
}

/// A solved node's requirements: key id → index of the edge of the node that brought the
/// key in, in key id order.
struct NodeRequirements: Sequence {
  fileprivate let keyIDs: ArraySlice<Int32>
  fileprivate let edgeIndices: ArraySlice<Int32>

  init(keys: ArraySlice<Int32>, edges: ArraySlice<Int32>) {
    keyIDs = keys
    edgeIndices = edges
  }

  /// The edge that brought `key` in, if the node requires it.
  subscript(_ key: Int) -> Int? {
    let key = Int32(key)
    var (low, high) = (keyIDs.startIndex, keyIDs.endIndex)
    while low < high {
      let middle = (low + high) / 2
      if keyIDs[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < keyIDs.endIndex, keyIDs[low] == key else { return nil }
    return Int(edgeIndices[low])
  }

  var keys: [Int] { keyIDs.map(Int.init) }
  var isEmpty: Bool { keyIDs.isEmpty }
  var count: Int { keyIDs.count }

  func makeIterator() -> some IteratorProtocol<(key: Int, edge: Int)> {
    zip(keyIDs, edgeIndices).lazy.map { (key: Int($0), edge: Int($1)) }.makeIterator()
  }
}
#endif
