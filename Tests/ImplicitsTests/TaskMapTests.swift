import Testing

@testable import Implicits

/// The persistent map behind task frames, against a dictionary model.
@Suite struct TaskMapTests {
  func binding(_ key: UnsafeRawPointer, _ value: UInt) -> _TaskBinding {
    _TaskBinding(key: key, object: nil, bits: value, file: nil, line: 0, flags: .init(payload: 0))
  }

  /// Distinct key identities (as metadata pointers are): addresses inside one allocation.
  nonisolated(unsafe) static let keys: UnsafeMutableRawPointer = .allocate(byteCount: 4_096 * 16, alignment: 16)
  func key(_ index: Int) -> UnsafeRawPointer { UnsafeRawPointer(Self.keys + index * 16) }

  @Test(arguments: [1, 2, 3, 4])
  func insertsAndReplacementsMatchADictionaryAndOldVersionsStay(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var map: _TaskMap?
    var model: [Int: UInt] = [:]
    var snapshots: [(_TaskMap?, [Int: UInt])] = []
    for step in 0..<3_000 {
      let index = Int.random(in: 0..<4_096, using: &generator)
      let value = UInt(step)
      map = _TaskMap.inserting(binding(key(index), value), into: map)
      model[index] = value
      if step % 500 == 0 { snapshots.append((map, model)) }
    }
    for (snapshot, expected) in snapshots + [(map, model)] {
      var count = 0
      snapshot?.forEach { _ in count += 1 }
      #expect(count == expected.count)
      for index in 0..<4_096 {
        #expect(snapshot?.find(key(index))?.pointee.bits == expected[index])
      }
    }
  }
}

/// A deterministic generator for model tests.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
