#if ImplicitsAnalysis
/// `Type.name(_:label:)`, measured and then written into one string's bytes.
///
/// A call's or a function's signature is made for every call edge (`CallSite.signature`) and
/// every function of the module (`FunctionDecl.qualifiedName`, a callable's name). Appended
/// piece by piece (and the type in front of it by another append) it was ~700 instructions
/// each: 70 M instructions of the symbol table's 400 M at 5,000 files, and as many for the
/// calls' names.
enum SignatureText {
  /// `label(i)` for each of `count` arguments or parameters: `nil` to leave one out (a
  /// trailing closure), `.some(nil)` for `_`.
  static func make(type: String?, baseName: String, count: Int, label: (Int) -> String??) -> String {
    var length = baseName.utf8.count + 2 + (type.map { $0.utf8.count + 1 } ?? 0)
    for index in 0..<count {
      guard let written = label(index) else { continue }
      length += (written?.utf8.count ?? 1) + 1
    }
    return String(unsafeUninitializedCapacity: length) { bytes in
      var end = 0
      // From the text's contiguous bytes where it has them (native and small strings):
      // `String.UTF8View`'s iterator costs ~20 instructions a byte.
      func put(_ text: String) {
        let copied = text.utf8.withContiguousStorageIfAvailable { source in
          for index in source.indices { bytes[end + index] = source[index] }
          return source.count
        }
        if let copied {
          end += copied
          return
        }
        for byte in text.utf8 {
          bytes[end] = byte
          end += 1
        }
      }
      func put(_ byte: UInt8) {
        bytes[end] = byte
        end += 1
      }
      if let type {
        put(type)
        put(UInt8(ascii: "."))
      }
      put(baseName)
      put(UInt8(ascii: "("))
      for index in 0..<count {
        guard let written = label(index) else { continue }
        if let written { put(written) } else { put(UInt8(ascii: "_")) }
        put(UInt8(ascii: ":"))
      }
      put(UInt8(ascii: ")"))
      return end
    }
  }
}
#endif
