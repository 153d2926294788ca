#if ImplicitsAnalysis
import Foundation

extension PatchedCalls {
  /// Values found by the bytes of a string as a part's tables hold it: a replay maps each
  /// path and key name of a part to this run's file or key without making a `String` of it
  /// first (a UTF-8 decode, then a SipHash and a dictionary probe: ~75,000 of each at 5,000
  /// files, for a few thousand distinct names). Open addressing on the part writer's hash of
  /// the bytes (`GraphFile.hash(bytes:)`); a match is confirmed by comparing them.
  struct BytesTable<Value> {
    /// Every string's UTF-8, one after another; entry `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private(set) var values: [Value] = []
    /// Entry + 1 per slot, 0 empty.
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int = 8) {
      var size = 16
      while size < 2 * capacity { size *= 2 }
      mask = size - 1
      slots = [Int32](repeating: 0, count: size)
    }

    /// The value of `string`'s bytes, if one was inserted.
    func value(_ string: UnsafeRawBufferPointer) -> Value? {
      let entry = find(string, hash: GraphFile.hash(bytes: string)).entry
      return entry >= 0 ? values[entry] : nil
    }

    /// Inserts `value` for `string`'s bytes; a string inserted before keeps its first value.
    mutating func insert(_ string: UnsafeRawBufferPointer, _ value: Value) {
      let hash = GraphFile.hash(bytes: string)
      var (entry, slot) = find(string, hash: hash)
      guard entry < 0 else { return }
      if 2 * (values.count + 1) > mask + 1 {
        grow()
        slot = find(string, hash: hash).slot
      }
      bytes.append(contentsOf: string)
      starts.append(bytes.count)
      values.append(value)
      slots[slot] = Int32(values.count)
    }

    /// The entry whose bytes are `string`'s (-1: none), and the slot where it is or would go.
    private func find(_ string: UnsafeRawBufferPointer, hash: UInt64) -> (entry: Int, slot: Int) {
      var slot = Int(truncatingIfNeeded: hash) & mask
      return bytes.withUnsafeBytes { all in
        while slots[slot] != 0 {
          let entry = Int(slots[slot] - 1)
          let (start, end) = (starts[entry], starts[entry + 1])
          if end - start == string.count,
            string.count == 0 || memcmp(all.baseAddress! + start, string.baseAddress!, string.count) == 0
          {
            return (entry, slot)
          }
          slot = (slot + 1) & mask
        }
        return (-1, slot)
      }
    }

    private mutating func grow() {
      mask = 2 * (mask + 1) - 1
      slots = [Int32](repeating: 0, count: mask + 1)
      bytes.withUnsafeBytes { all in
        for entry in values.indices {
          let string = UnsafeRawBufferPointer(rebasing: all[starts[entry]..<starts[entry + 1]])
          var slot = Int(truncatingIfNeeded: GraphFile.hash(bytes: string)) & mask
          while slots[slot] != 0 { slot = (slot + 1) & mask }
          slots[slot] = Int32(entry + 1)
        }
      }
    }
  }

  /// This run's files by their paths' bytes.
  static func pathTable(_ paths: [String]) -> BytesTable<Int32> {
    var table = BytesTable<Int32>(capacity: paths.count)
    for (file, path) in paths.enumerated() {
      var path = path
      path.withUTF8 { table.insert(UnsafeRawBufferPointer($0), Int32(file)) }
    }
    return table
  }
}
#endif
