#if ImplicitsAnalysis
/// Key name → its number in the graph (`RequirementGraph.key`), hashed without SipHash.
///
/// Every edge numbers its keys (its mask's and the key it reads): ~350,000 lookups at 5,000
/// files, which a `[KeyName: Int]` made ~350 instructions each, most of them `String`'s
/// seeded hash. Key names are short and come from the module's own source, so a plain
/// FNV-1a over their bytes, in an open-addressed table of numbers (the names stay in
/// `RequirementGraph.keyNames`), does: ~4 instructions a byte and a compare. Which number
/// a name gets is unchanged (first use first): only the lookup is cheaper.
struct KeyNumbers: Sendable {
  /// Per slot: 0 if empty, else the name's 32-bit hash above its number + 1.
  private var slots: [UInt64] = []
  private var count = 0

  /// The number of `name` among `names`, if it has one.
  func number(of name: KeyName, hash: UInt32, in names: [KeyName]) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if UInt32(truncatingIfNeeded: entry >> 32) == hash {
        let number = Int(truncatingIfNeeded: entry & 0xffff_ffff) - 1
        if names[number] == name { return number }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Adds `number` for a name of hash `hash` (not in the table yet).
  mutating func add(_ number: Int, hash: UInt32) {
    if (count + 1) * 2 > slots.count { grow() }
    insert(UInt64(hash) << 32 | UInt64(number + 1))
    count += 1
  }

  private mutating func insert(_ entry: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: entry >> 32) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = entry
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: 0, count: max(64, old.count * 2))
    for entry in old where entry != 0 { insert(entry) }
  }

  /// FNV-1a over the name's UTF-8 bytes, folded to 32 bits. Read from the string's
  /// contiguous bytes (a native or small string's): through `String.UTF8View`'s iterator
  /// it was ~290 instructions a name.
  static func hash(_ name: KeyName) -> UInt32 {
    let contiguous = name.utf8.withContiguousStorageIfAvailable { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return hash
    }
    var hash: UInt64
    if let contiguous {
      hash = contiguous
    } else {
      hash = 0xcbf2_9ce4_8422_2325
      for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
#endif
