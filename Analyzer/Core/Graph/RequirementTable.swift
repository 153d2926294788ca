#if ImplicitsAnalysis
/// The solve's working set: which (node, key) pairs are required so far, and the edge
/// that brought each in. One open-addressed table for the whole graph instead of a
/// dictionary per node: a node's dictionary cost an allocation, rehashing as it grew and
/// a SipHash per lookup, together most of the solve (callgrind, 1,000 files: 0.15 G).
struct RequirementTable {
  private var slots: [UInt64]
  private var edges: [Int32]
  private var shift: UInt64
  private(set) var count = 0

  private static let empty = UInt64.max

  init(expected: Int) {
    var capacity = 16
    while capacity < expected * 2 { capacity <<= 1 }
    slots = [UInt64](repeating: Self.empty, count: capacity)
    edges = [Int32](repeating: 0, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
  }

  private static func pair(_ node: Int, _ key: Int) -> UInt64 { UInt64(UInt32(node)) << 32 | UInt64(UInt32(key)) }

  /// Where `pair` is, or the empty slot where it would go.
  private func probe(_ pair: UInt64) -> (slot: Int, found: Bool) {
    let mask = slots.count - 1
    // Fibonacci hashing: the pairs are dense small integers, which a multiplication spreads.
    var slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let found = slots[slot]
      if found == pair { return (slot, true) }
      if found == Self.empty { return (slot, false) }
      slot = (slot + 1) & mask
    }
  }

  /// Records that `key` is required at `node` through `edge`, unless it already is.
  /// - Returns: whether it was new.
  mutating func insert(node: Int, key: Int, edge: Int) -> Bool {
    let pair = Self.pair(node, key)
    let (slot, found) = probe(pair)
    if found { return false }
    slots[slot] = pair
    edges[slot] = Int32(edge)
    count += 1
    if count * 2 > slots.count { grow() }
    return true
  }

  private mutating func grow() {
    let (oldSlots, oldEdges) = (slots, edges)
    self = RequirementTable(expected: oldSlots.count)
    for (slot, pair) in oldSlots.enumerated() where pair != Self.empty {
      _ = insert(node: Int(pair >> 32), key: Int(UInt32(truncatingIfNeeded: pair)), edge: Int(oldEdges[slot]))
    }
  }

  /// Every required pair, grouped by node and sorted by key within a node
  /// (`NodeRequirements`): `starts[node]..<starts[node + 1]` index `keys` and `edges`.
  /// Two counting sorts, by key and then stably by node, instead of a sort per node.
  func grouped(nodeCount: Int, keyCount: Int) -> (starts: [Int32], keys: [Int32], edges: [Int32]) {
    var byKey = [Int32](repeating: 0, count: keyCount + 1)
    for pair in slots where pair != Self.empty { byKey[Int(UInt32(truncatingIfNeeded: pair)) + 1] += 1 }
    for key in 0..<keyCount { byKey[key + 1] += byKey[key] }
    var keyOrder = [Int](repeating: 0, count: count)
    for (slot, pair) in slots.enumerated() where pair != Self.empty {
      let key = Int(UInt32(truncatingIfNeeded: pair))
      keyOrder[Int(byKey[key])] = slot
      byKey[key] += 1
    }
    var starts = [Int32](repeating: 0, count: nodeCount + 1)
    for slot in keyOrder { starts[Int(slots[slot] >> 32) + 1] += 1 }
    for node in 0..<nodeCount { starts[node + 1] += starts[node] }
    var fill = starts
    var keys = [Int32](repeating: 0, count: count)
    var edgesOut = [Int32](repeating: 0, count: count)
    for slot in keyOrder {
      let node = Int(slots[slot] >> 32)
      let position = Int(fill[node])
      keys[position] = Int32(truncatingIfNeeded: slots[slot])
      edgesOut[position] = edges[slot]
      fill[node] += 1
    }
    return (starts, keys, edgesOut)
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
