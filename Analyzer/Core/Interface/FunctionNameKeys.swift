#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The interface's functions in order of type, then name (`FunctionDecl.signature`), each
/// pair spelled once as bytes: `type \0 signature`. Sorting 65,000 functions (5,000
/// generated files) by two `String`s, the signatures built for it, was a fifth of the
/// interface plan, all on one core. ASCII names compare as their bytes do as `String`s,
/// and 0 sorts below every byte of a name, so a type that is a prefix of another sorts
/// first, as the pair of names does; with any non-ASCII name the `String`s are compared.
struct FunctionNameKeys: Sendable {
  private var bytes: [UInt8] = []
  /// Key `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var starts: [Int] = [0]
  /// The names as `String`s, made only when some name is not ASCII.
  private var names: [(type: String, name: String)]?

  /// - Parameter functions: each function's summary index and index among its declarations
  ///   (past them, an initializer the file's subclasses inherit: `InheritedEntries`).
  ///
  /// Spelled in runs on all cores, joined in order: each key reads its declaration where it
  /// lies among the summaries (~230 ns a function, mostly cache misses), 15 ms at 5,000
  /// generated files on the thread that orders the interface while the main thread waits
  /// for the order.
  init(_ result: AnalysisResult, functions: some Collection<(file: Int, function: Int)>) {
    let functions = Array(functions)
    let run = 4096
    let runs = (functions.count + run - 1) / run
    let spelled = Slots<(bytes: [UInt8], ends: [Int], ascii: Bool)>(count: runs)
    DispatchQueue.concurrentPerform(iterations: runs) { part in
      let range = (part * run)..<min(functions.count, (part + 1) * run)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(48 * range.count)
      var ends: [Int] = []
      ends.reserveCapacity(range.count)
      for (file, index) in functions[range] {
        Self.spell(result, file: file, index: index, into: &bytes)
        ends.append(bytes.count)
      }
      spelled[part] = (bytes, ends, bytes.allSatisfy { $0 < 0x80 })
    }
    let parts = spelled.takeAll()
    bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
    starts.reserveCapacity(functions.count + 1)
    for part in parts {
      let base = bytes.count
      bytes.append(contentsOf: part.bytes)
      for end in part.ends { starts.append(base + end) }
    }
    let ascii = parts.allSatisfy(\.ascii)
    guard !ascii else { return }
    names = functions.map { file, index in
      let function = result[declarationOf: file, index: index]
      return (function.typeName ?? "", function.signature)
    }
  }

  /// One function's key, as `init` spells it; `nil` when a name is not ASCII.
  static func key(_ result: AnalysisResult, file: Int, index: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    spell(result, file: file, index: index, into: &bytes)
    return bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
  }

  /// A function's key appended to `bytes`: its type, a 0, then `FunctionDecl.signature`.
  @inline(__always)
  private static func spell(_ result: AnalysisResult, file: Int, index: Int, into bytes: inout [UInt8]) {
    let (type, baseName, parameters) = result.nameParts(file: file, index: index)
    if let type { bytes.append(contentsOf: type.utf8) }
    bytes.append(0)
    bytes.append(contentsOf: baseName.utf8)
    bytes.append(UInt8(ascii: "("))
    for parameter in parameters {
      if let label = parameter.label { bytes.append(contentsOf: label.utf8) } else { bytes.append(UInt8(ascii: "_")) }
      bytes.append(UInt8(ascii: ":"))
    }
    bytes.append(UInt8(ascii: ")"))
  }

  /// Whether `entry` (an interface entry's bytes, its `"name"` value at `nameAt`) is of the
  /// function at `index`: its type and `signature` as spelled here (`EntryRenumbering`). A
  /// renumbered entry of a kept order is checked against the keys its check made, not
  /// against each function's declaration read again: every entry is renumbered when a
  /// file moves the `files` numbers, and those reads were ~8 % of the writing.
  func names(of entry: UnsafeRawBufferPointer, nameAt: Int, index: Int) -> Bool {
    bytes.withUnsafeBytes { bytes in
      let key = UnsafeRawBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
      guard let zero = key.firstIndex(of: 0) else { return false }
      return EntryRenumbering.names(
        entry, nameAt: nameAt, type: zero == 0 ? nil : UnsafeRawBufferPointer(rebasing: key[..<zero]),
        name: UnsafeRawBufferPointer(rebasing: key[(zero + 1)...]), then: UInt8(ascii: "\""))
    }
  }

  /// Whether the functions, as given, are in the order `sortedIndices(tie:)` gives them:
  /// each adjacent pair in order by type, then name, and `tie` where both are equal.
  func inOrder(tie: (Int, Int) -> Bool) -> Bool {
    let count = starts.count - 1
    guard count > 1 else { return true }
    if let names {
      for a in 0..<(count - 1) {
        let b = a + 1
        if names[a].type != names[b].type {
          guard names[a].type < names[b].type else { return false }
        } else if names[a].name != names[b].name {
          guard names[a].name < names[b].name else { return false }
        } else if !tie(a, b) {
          return false
        }
      }
      return true
    }
    return bytes.withUnsafeBytes { bytes in
      starts.withUnsafeBufferPointer { starts in
        for a in 0..<(count - 1) {
          let b = a + 1
          let (countA, countB) = (starts[a + 1] - starts[a], starts[b + 1] - starts[b])
          let order = memcmp(bytes.baseAddress! + starts[a], bytes.baseAddress! + starts[b], min(countA, countB))
          if order != 0 {
            guard order < 0 else { return false }
          } else if countA != countB {
            guard countA < countB else { return false }
          } else if !tie(a, b) {
            return false
          }
        }
        return true
      }
    }
  }

  /// The functions' indices sorted by type, then name, and `tie` where both are equal;
  /// stable, as `sorted(by:)` is.
  func sortedIndices(tie: (Int, Int) -> Bool) -> [Int] {
    let indices = 0..<(starts.count - 1)
    if let names {
      return indices.sorted { a, b in
        if names[a].type != names[b].type { return names[a].type < names[b].type }
        if names[a].name != names[b].name { return names[a].name < names[b].name }
        return tie(a, b)
      }
    }
    return bytes.withUnsafeBytes { bytes in
      starts.withUnsafeBufferPointer { starts in
        indices.sorted { a, b in
          let (countA, countB) = (starts[a + 1] - starts[a], starts[b + 1] - starts[b])
          let order = memcmp(bytes.baseAddress! + starts[a], bytes.baseAddress! + starts[b], min(countA, countB))
          if order != 0 { return order < 0 }
          if countA != countB { return countA < countB }
          return tie(a, b)
        }
      }
    }
  }
}
#endif
