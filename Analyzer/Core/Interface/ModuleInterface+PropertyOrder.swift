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
  static func sorted(_ properties: some Collection<Self>) -> [Self] {
    var keys: [[UInt8]] = []
    keys.reserveCapacity(properties.count)
    for property in properties {
      let fields = [property.type, property.name, property.valueType, property.access]
      // `String.<` orders non-ASCII text by its normalized scalars, not its bytes.
      guard fields.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return slowlySorted(properties) }
      // 0 sorts below every byte of a name, so a field that is a prefix of another sorts
      // first, as the tuple of fields does.
      var key = fields.joined(separator: "\u{0}").utf8.map { $0 }
      key.append(0)
      key.append(property.isStatic == true ? 1 : 0)
      keys.append(key)
    }
    let all = Array(properties)
    return all.indices.sorted { precedes(keys[$0], keys[$1]) }.map { all[$0] }
  }

  private static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        let order = memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
  }

  private static func slowlySorted(_ properties: some Collection<Self>) -> [Self] {
    properties.sorted {
      ($0.type, $0.name, $0.valueType, $0.access, $0.isStatic == true ? 1 : 0)
        < ($1.type, $1.name, $1.valueType, $1.access, $1.isStatic == true ? 1 : 0)
    }
  }
}
#endif
