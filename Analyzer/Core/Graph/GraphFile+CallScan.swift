#if ImplicitsAnalysis
import Foundation

extension GraphFile {
  /// The call edges of one file's part of the graph file, read in place from its bytes
  /// (`Reader.partBody(ofFile:)`): what `PatchedCalls` answers a clean file's calls from.
  ///
  /// `Part.init(body:)` names every node, edge, mask and row again (a `String` per name,
  /// an array per edge and mask): reading 4,999 parts that way would cost about what
  /// looking their calls up costs. This scan walks the same bytes (the layout is
  /// `Encoder.part(file:)`'s, field for field) and keeps only, per call edge of a body or
  /// entry point, a few numbers: no value is made for a string until it is asked for
  /// (`string(_:)`), and the strings are tracked as byte ranges, as the writer numbered
  /// them. A part this scan cannot follow throws; its file is then looked up as before.
  struct CallScan {
    struct Malformed: Error {}

    /// An edge with the role `.call(name)` from another node, into a body node or an
    /// entry point of the part's file.
    struct Call {
      /// The target's index among the file's bodies, or its entry points (`isEntry`).
      var target: Int32
      var isEntry: Bool
      /// The edge's place: its path's number in `paths` (-1: none), line, column.
      var placePath: Int32
      var line: Int32
      var column: Int32
      /// The source: `StableNodeID.Part`'s raw value or `StableNodeIDs.modulePart`; for a
      /// file's node, its path's number in `paths` and its index there; for a module-level
      /// one, its number in `modules` (`sourcePath` -1).
      var sourcePart: UInt8
      var sourcePath: Int32
      var sourceIndex: Int32
      /// The role's name: its number in the nodes' strings.
      var name: Int32
    }

    private let bytes: [UInt8]
    /// The strings of the tables (path, paths, keys, modules) and of the nodes, each
    /// numbered by its writer in order of first use: byte ranges into `bytes`.
    private var tableStrings: [Range<Int>] = []
    private var nodeStrings: [Range<Int>] = []
    /// The part's own path, and each path and module-level id it mentions: numbers in `tableStrings`.
    private(set) var path = -1
    private(set) var paths: [Int32] = []
    private(set) var modules: [Int32] = []
    private(set) var calls: [Call] = []

    init(_ bytes: [UInt8], body: Range<Int>) throws(Malformed) {
      self.bytes = bytes
      // Read through a buffer pointer: no bounds check of the array per byte, which was
      // a third of the scan.
      let scanned: Result<Scanner, Malformed> = bytes.withUnsafeBufferPointer { buffer in
        var scanner = Scanner(buffer: buffer)
        do throws(Malformed) {
          try scanner.scan(body)
          return .success(scanner)
        } catch {
          return .failure(error)
        }
      }
      let scanner = try scanned.get()
      (tableStrings, nodeStrings, path) = (scanner.tableStrings, scanner.nodeStrings, scanner.path)
      (paths, modules, calls) = (scanner.paths, scanner.modules, scanner.calls)
    }

    /// The string numbered `number` among the tables' (`path`, `paths`, `modules`).
    func tableString(_ number: Int32) -> String { string(tableStrings[Int(number)]) }

    /// A call's name (`Call.name`).
    func nodeString(_ number: Int32) -> String { string(nodeStrings[Int(number)]) }

    /// Whether table string `number` is `text`, compared as bytes.
    func tableString(_ number: Int32, is text: String) -> Bool {
      var text = text
      let range = tableStrings[Int(number)]
      return text.withUTF8 { utf8 in
        utf8.count == range.count && bytes.withUnsafeBufferPointer { buffer in
          memcmp(buffer.baseAddress! + range.lowerBound, utf8.baseAddress!, range.count) == 0
        }
      }
    }

    private func string(_ range: Range<Int>) -> String {
      bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The walk itself, over the part's bytes as a buffer (valid only inside `init`).
    private struct Scanner {
      let buffer: UnsafeBufferPointer<UInt8>
      var tableStrings: [Range<Int>] = []
      var nodeStrings: [Range<Int>] = []
      var path = -1
      var paths: [Int32] = []
      var modules: [Int32] = []
      var calls: [Call] = []

      init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

      mutating func scan(_ body: Range<Int>) throws(Malformed) {
        var cursor = Cursor(buffer, at: body.lowerBound, end: body.upperBound)
        let tableLength = try cursor.int()
        guard tableLength >= 0, tableLength <= cursor.end - cursor.offset else { throw Malformed() }
        var tables = Cursor(buffer, at: cursor.offset, end: cursor.offset + tableLength)
        cursor.offset += tableLength
        path = try tables.string(&tableStrings)
        paths = try Self.strings(&tables, &tableStrings)
        _ = try Self.strings(&tables, &tableStrings)  // keys: calls do not need them
        modules = try Self.strings(&tables, &tableStrings)
        // The diagnostics, last in the tables, are not read.
        let count = try cursor.int()
        guard count >= 0, count <= cursor.end - cursor.offset else { throw Malformed() }
        nodeStrings.reserveCapacity(64)
        calls.reserveCapacity(count)
        for _ in 0..<count { try scanNode(&cursor) }
        guard cursor.offset == cursor.end else { throw Malformed() }
      }

      private static func strings(
        _ cursor: inout Cursor, _ table: inout [Range<Int>]
      ) throws(Malformed) -> [Int32] {
        let count = try cursor.int()
        guard count >= 0, count <= cursor.end - cursor.offset else { throw Malformed() }
        var numbers: [Int32] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count { numbers.append(Int32(try cursor.string(&table))) }
        return numbers
      }

      /// One node, as `Encoder.write(_:to:)` wrote it; its call edges kept.
      private mutating func scanNode(_ cursor: inout Cursor) throws(Malformed) {
        let part = try cursor.byte()
        let index = try cursor.int()
        // Kind (`GraphFile.Kind`'s tags).
        switch try cursor.byte() {
        case 0: _ = try cursor.int()
        case 1:
          _ = try cursor.byte()
          try cursor.skipOptionalString(&nodeStrings)
        case 2, 3, 8: break
        case 4, 6, 7: _ = try cursor.string(&nodeStrings)
        case 5: _ = try cursor.byte()
        default: throw Malformed()
        }
        _ = try cursor.string(&nodeStrings)  // name
        try skipPlace(&cursor)
        _ = try cursor.byte()  // flags
        for _ in 0..<3 { try cursor.skipOptionalString(&nodeStrings) }  // unclassified callee, closure value type, dependency scope
        let edgeCount = try cursor.int()
        guard edgeCount >= 0, edgeCount <= cursor.end - cursor.offset else { throw Malformed() }
        let target = StableNodeID.Part(rawValue: part)
        for _ in 0..<edgeCount {
          var source: (part: UInt8, path: Int32, index: Int32)?
          switch try cursor.byte() {
          case 0: _ = try cursor.int()
          case 1:
            let sourcePart = try cursor.byte()
            if sourcePart == StableNodeIDs.modulePart {
              source = (sourcePart, -1, try cursor.int32())
            } else {
              source = (sourcePart, try cursor.int32(), try cursor.int32())
            }
          default: throw Malformed()
          }
          let mask = try cursor.int()
          guard mask >= -1, mask <= cursor.end - cursor.offset else { throw Malformed() }
          for _ in 0..<max(mask, 0) { _ = try cursor.int() }
          let place = try cursor.int32()
          var (line, column): (Int32, Int32) = (0, 0)
          if place != -1 { (line, column) = (try cursor.int32(), try cursor.int32()) }
          let name = try cursor.role(&nodeStrings).name
          guard name >= 0, let source, target == .body || target == .entry else { continue }
          calls.append(Call(
            target: Int32(index), isEntry: target == .entry, placePath: place, line: line, column: column,
            sourcePart: source.part, sourcePath: source.path, sourceIndex: source.index, name: name))
        }
        let rows = try cursor.int()
        guard rows >= 0, rows <= cursor.end - cursor.offset else { throw Malformed() }
        for _ in 0..<(2 * rows) { _ = try cursor.int() }
      }

      private mutating func skipPlace(_ cursor: inout Cursor) throws(Malformed) {
        guard try cursor.int() != -1 else { return }
        _ = try cursor.int()
        _ = try cursor.int()
      }
    }

    /// A position in the bytes and where its piece ends; reads as `CacheReader` does.
    struct Cursor {
      let buffer: UnsafeBufferPointer<UInt8>
      var offset: Int
      let end: Int

      init(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) {
        precondition(end <= buffer.count, "a piece of the part")
        (self.buffer, self.offset, self.end) = (buffer, offset, end)
      }

      @inline(__always)
      mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < end else { throw Malformed() }
        defer { offset += 1 }
        return buffer[offset]
      }

      /// A zig-zag varint (`CacheWriter.write(_: Int)`).
      @inline(__always)
      mutating func int() throws(Malformed) -> Int {
        guard let value = decodeZigZagVarint(buffer, at: &offset, end: end) else { throw Malformed() }
        return value
      }

      mutating func int32() throws(Malformed) -> Int32 {
        guard let value = Int32(exactly: try int()) else { throw Malformed() }
        return value
      }

      /// A string as `CacheWriter.write(_: String)` wrote it: its number in `table`,
      /// which a first occurrence joins.
      mutating func string(_ table: inout [Range<Int>]) throws(Malformed) -> Int {
        let number = try int()
        if number > 0 {
          guard number <= table.count else { throw Malformed() }
          return number - 1
        }
        guard number == 0 else { throw Malformed() }
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Malformed() }
        table.append(offset..<(offset + count))
        offset += count
        return table.count - 1
      }
    }
  }
}
#endif
