#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ModuleInterface.Property {
  /// `properties` in interface order: by type, name, value type, access, then static ones
  /// last. A module lists thousands of properties (4,000 at 1,000 generated files) and
  /// comparing four `String`s per step made their sort 99 M instructions, a fifth of the
  /// serial outputs; ASCII texts compare as bytes, with one key per property made once.
  ///
  /// With `unique`, each property is listed once (a property declared in several `#if`
  /// clauses or extensions is collected once per declaration): equal keys are equal
  /// properties, so the duplicates are dropped as neighbours in the sorted order, not
  /// hashed into a `Set` first (a third of the listing's cost at 20,000 properties).
  /// The key reads `isStatic` `nil` and `false` alike: the interface collects `true` or
  /// `nil` only.
  static func sorted(_ properties: some Collection<Self>, unique: Bool = false) -> [Self] {
    let all = Array(properties)
    // The keys one after another in one buffer: an array per key, and the joined
    // `String` it was made from, were two thirds of the sort.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(48 * all.count)
    var starts = [0]
    starts.reserveCapacity(all.count + 1)
    var ascii = true
    // Each field appended where it stands: an array of the four per property was a
    // quarter of the keys' cost.
    func append(_ field: String) {
      // `String.<` orders non-ASCII text by its normalized scalars, not its bytes.
      let start = bytes.count
      bytes.append(contentsOf: field.utf8)
      ascii = ascii && bytes[start...].allSatisfy { $0 < 0x80 }
      // 0 sorts below every byte of a name, so a field that is a prefix of another sorts
      // first, as the tuple of fields does.
      bytes.append(0)
    }
    for index in all.indices {
      append(all[index].type)
      append(all[index].name)
      append(all[index].valueType)
      append(all[index].access)
      bytes.append(all[index].isStatic == true ? 1 : 0)
      starts.append(bytes.count)
    }
    guard ascii else { return slowlySorted(unique ? Array(Set(all)) : all) }
    let order = bytes.withUnsafeBytes { bytes in
      starts.withUnsafeBufferPointer { starts in
        all.indices.sorted { a, b in
          let (countA, countB) = (starts[a + 1] - starts[a], starts[b + 1] - starts[b])
          let order = memcmp(bytes.baseAddress! + starts[a], bytes.baseAddress! + starts[b], min(countA, countB))
          return order != 0 ? order < 0 : countA < countB
        }
      }
    }
    guard unique else { return order.map { all[$0] } }
    var listed: [Self] = []
    listed.reserveCapacity(order.count)
    bytes.withUnsafeBytes { bytes in
      var last = -1
      for index in order {
        let count = starts[index + 1] - starts[index]
        if last >= 0, starts[last + 1] - starts[last] == count,
          memcmp(bytes.baseAddress! + starts[last], bytes.baseAddress! + starts[index], count) == 0
        {
          continue
        }
        listed.append(all[index])
        last = index
      }
    }
    return listed
  }

  private static func slowlySorted(_ properties: some Collection<Self>) -> [Self] {
    properties.sorted {
      ($0.type, $0.name, $0.valueType, $0.access, $0.isStatic == true ? 1 : 0)
        < ($1.type, $1.name, $1.valueType, $1.access, $1.isStatic == true ? 1 : 0)
    }
  }
}
#endif
