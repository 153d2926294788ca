/// An immutable hash array mapped trie from key identity to binding: what a task frame
/// sees below itself. Inserting copies one path (O(log32 n) nodes) and shares the rest,
/// so a frame can be sealed into a map that its children reuse, and a lookup costs the
/// same few steps with one value or with ten thousand.
///
/// A node keeps its bindings and children in one buffer of its own, read through plain
/// pointers: a lookup does no reference counting.
@usableFromInline
final class _TaskMap: @unchecked Sendable {
  /// Positions (5 bits of the hash per level) holding a binding.
  let dataMap: UInt32
  /// Positions holding a child map.
  let nodeMap: UInt32
  /// `dataMap.nonzeroBitCount` bindings, in position order (owned).
  private let bindings: UnsafeMutablePointer<_TaskBinding>
  /// `nodeMap.nonzeroBitCount` children, in position order (each holds a +1).
  private let children: UnsafeMutablePointer<Unmanaged<_TaskMap>>
  /// The map retired before this one by the same frame (see `_FrameRef.retire`): a
  /// frame keeps every map it replaced alive until it ends. Set once, before this map is
  /// retired; read only when the chain is released.
  @exclusivity(unchecked) var retiredNext: _TaskMap?

  private init(dataMap: UInt32, nodeMap: UInt32, bindings: [_TaskBinding], children: [_TaskMap]) {
    self.dataMap = dataMap
    self.nodeMap = nodeMap
    self.bindings = .allocate(capacity: bindings.count)
    self.bindings.initialize(from: bindings, count: bindings.count)
    self.children = .allocate(capacity: children.count)
    for (index, child) in children.enumerated() {
      (self.children + index).initialize(to: Unmanaged.passRetained(child))
    }
  }

  deinit {
    // Release a long retired chain iteratively, not by one nested deinit per map.
    var next = retiredNext.take()
    // `take()` moves the reference out, so a map only this chain holds is unique here and
    // is released (shallowly: its own chain already taken) at the end of the iteration.
    while var map = next.take() {
      guard isKnownUniquelyReferenced(&map) else { break }
      next = map.retiredNext.take()
    }
    bindings.deinitialize(count: dataMap.nonzeroBitCount)
    bindings.deallocate()
    for index in 0..<nodeMap.nonzeroBitCount { children[index].release() }
    children.deallocate()
  }

  private var bindingArray: [_TaskBinding] {
    Array(UnsafeBufferPointer(start: bindings, count: dataMap.nonzeroBitCount))
  }

  private var childArray: [_TaskMap] {
    (0..<nodeMap.nonzeroBitCount).map { children[$0].takeUnretainedValue() }
  }

  /// Key identities are metadata pointers; multiplying by an odd constant is a bijection,
  /// so two keys never share all 64 hash bits. The trie takes 5 bits per level from the
  /// bottom: the product's low bits copy the pointer's alignment zeros, so its halves are
  /// swapped (still a bijection) to put well-mixed bits first and keep the trie shallow.
  @inline(__always)
  static func hash(_ key: UnsafeRawPointer) -> UInt64 {
    let product = UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15
    return product >> 32 | product << 32
  }

  /// The binding of `key`, if any; valid while the map is. O(log32 n).
  func find(_ key: UnsafeRawPointer) -> UnsafePointer<_TaskBinding>? {
    var hash = _TaskMap.hash(key)
    var dataMap = self.dataMap
    var nodeMap = self.nodeMap
    var bindings = self.bindings
    var children = self.children
    while true {
      let bit = UInt32(1) << UInt32(truncatingIfNeeded: hash & 31)
      if dataMap & bit != 0 {
        let found = bindings + (dataMap & (bit &- 1)).nonzeroBitCount
        return found.pointee.key == key ? UnsafePointer(found) : nil
      }
      if nodeMap & bit == 0 { return nil }
      // A node whose every position holds a child (the upper levels of a large map) is
      // indexed by the position itself: no population count (about 15 instructions
      // without a hardware popcount, which baseline x86-64 lacks).
      let index = nodeMap == .max ? Int(truncatingIfNeeded: hash & 31) : (nodeMap & (bit &- 1)).nonzeroBitCount
      // Children live as long as their parent: read them unretained.
      let child = children[index]
      (dataMap, nodeMap, bindings, children) = child._withUnsafeGuaranteedRef {
        ($0.dataMap, $0.nodeMap, $0.bindings, $0.children)
      }
      hash >>= 5
    }
  }

  /// A map with `binding` added, replacing the binding of the same key.
  static func inserting(_ binding: _TaskBinding, into map: _TaskMap?) -> _TaskMap {
    guard let map else {
      let bit = UInt32(1) << UInt32(truncatingIfNeeded: hash(binding.key!) & 31)
      return _TaskMap(dataMap: bit, nodeMap: 0, bindings: [binding], children: [])
    }
    return map.inserting(binding, hash: hash(binding.key!), shift: 0)
  }

  /// `hash` is the binding's hash shifted right by `shift`, the bits consumed above.
  private func inserting(_ binding: _TaskBinding, hash: UInt64, shift: UInt64) -> _TaskMap {
    let bit = UInt32(1) << UInt32(truncatingIfNeeded: hash & 31)
    let dataIndex = (dataMap & (bit &- 1)).nonzeroBitCount
    let nodeIndex = (nodeMap & (bit &- 1)).nonzeroBitCount
    var newBindings = bindingArray
    var newChildren = childArray
    if dataMap & bit != 0 {
      let existing = newBindings[dataIndex]
      if existing.key == binding.key {
        newBindings[dataIndex] = binding
        return _TaskMap(dataMap: dataMap, nodeMap: nodeMap, bindings: newBindings, children: newChildren)
      }
      newBindings.remove(at: dataIndex)
      let child = _TaskMap.pair(
        existing, _TaskMap.hash(existing.key!) >> (shift + 5), binding, hash >> 5)
      newChildren.insert(child, at: nodeIndex)
      return _TaskMap(
        dataMap: dataMap & ~bit, nodeMap: nodeMap | bit, bindings: newBindings, children: newChildren)
    }
    if nodeMap & bit != 0 {
      newChildren[nodeIndex] = newChildren[nodeIndex].inserting(binding, hash: hash >> 5, shift: shift + 5)
      return _TaskMap(dataMap: dataMap, nodeMap: nodeMap, bindings: newBindings, children: newChildren)
    }
    newBindings.insert(binding, at: dataIndex)
    return _TaskMap(dataMap: dataMap | bit, nodeMap: nodeMap, bindings: newBindings, children: newChildren)
  }

  /// A map holding two bindings of different keys, given their remaining hash bits.
  private static func pair(
    _ first: _TaskBinding, _ firstHash: UInt64, _ second: _TaskBinding, _ secondHash: UInt64
  ) -> _TaskMap {
    let firstBit = UInt32(1) << UInt32(truncatingIfNeeded: firstHash & 31)
    let secondBit = UInt32(1) << UInt32(truncatingIfNeeded: secondHash & 31)
    if firstBit == secondBit {
      let child = pair(first, firstHash >> 5, second, secondHash >> 5)
      return _TaskMap(dataMap: 0, nodeMap: firstBit, bindings: [], children: [child])
    }
    return _TaskMap(
      dataMap: firstBit | secondBit, nodeMap: 0,
      bindings: firstBit < secondBit ? [first, second] : [second, first], children: [])
  }

  /// Calls `body` with every binding of the map.
  func forEach(_ body: (_TaskBinding) -> Void) {
    for index in 0..<dataMap.nonzeroBitCount { body(bindings[index]) }
    for index in 0..<nodeMap.nonzeroBitCount {
      children[index]._withUnsafeGuaranteedRef { $0.forEach(body) }
    }
  }
}
