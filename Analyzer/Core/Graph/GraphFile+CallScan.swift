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
  ///
  /// The tables and the loop record are read by `LoopScan`, the one reader of both: a
  /// recorded loop's edges are the record's, not their nodes'
  /// (`Encoder.write(_:keys:positions:edges:into:)`), so its calls come from there, and the
  /// walk meets each of its nodes by position and reads only the node's other edges.
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
      /// The role's name: its number in the nodes' strings, or the record's (`inRecord`).
      var name: Int32
      var inRecord = false
    }

    private let bytes: [UInt8]
    /// The strings of the tables (path, paths, keys, modules) and of the nodes, each
    /// numbered by its writer in order of first use: byte ranges into `bytes`.
    private var tableStrings: [Range<Int>] = []
    private var nodeStrings: [Range<Int>] = []
    private var recordStrings: [Range<Int>] = []
    /// The part's own path, and each path and module-level id it mentions: numbers in `tableStrings`.
    private(set) var path = -1
    private(set) var paths: [Int32] = []
    private(set) var modules: [Int32] = []
    private(set) var calls: [Call] = []

    init(_ bytes: [UInt8], body: Range<Int>) throws(Malformed) {
      self.bytes = bytes
      let loop: LoopScan
      do throws(LoopScan.Malformed) {
        loop = try LoopScan(bytes, body: body)
      } catch {
        throw Malformed()
      }
      (tableStrings, recordStrings) = (loop.tableStrings, loop.edgeStrings)
      (path, paths, modules) = (loop.path, loop.paths, loop.modules)
      var next = 0
      for range in loop.ranges {
        let part = StableNodeID.Part(rawValue: range.part)
        for edge in loop.edges[next..<(next + Int(range.count))] {
          guard let call = Self.call(edge, target: range.index, part: part) else { continue }
          calls.append(call)
          calls[calls.count - 1].inRecord = true
        }
        next += Int(range.count)
      }
      // Read through a buffer pointer: no bounds check of the array per byte, which was
      // a third of the scan.
      let scanned: Result<Scanner, Malformed> = bytes.withUnsafeBufferPointer { buffer in
        var scanner = Scanner(buffer: buffer, ranges: loop.ranges)
        do throws(Malformed) {
          try scanner.scan(loop.nodesOffset..<body.upperBound)
          return .success(scanner)
        } catch {
          return .failure(error)
        }
      }
      let scanner = try scanned.get()
      nodeStrings = scanner.nodeStrings
      calls += scanner.calls
    }

    /// `edge` of node `target` of part `part`, if it is a call from another node into a body or entry point.
    fileprivate static func call(_ edge: Cursor.Edge, target: Int32, part: StableNodeID.Part?) -> Call? {
      guard edge.name >= 0, edge.sourceKind != 0, part == .body || part == .entry else { return nil }
      return Call(
        target: target, isEntry: part == .entry, placePath: edge.placePath, line: edge.line, column: edge.column,
        sourcePart: edge.sourcePart, sourcePath: edge.sourcePath, sourceIndex: edge.source, name: edge.name)
    }

    /// The string numbered `number` among the tables' (`path`, `paths`, `modules`).
    func tableString(_ number: Int32) -> String { string(tableStrings[Int(number)]) }

    /// The bytes of table string `number`, valid only in `body` (`PatchedCalls.BytesTable`).
    func withTableBytes<Result>(_ number: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      let range = tableStrings[Int(number)]
      return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// A call's name (`Call.name`).
    func name(of call: Call) -> String { string((call.inRecord ? recordStrings : nodeStrings)[Int(call.name)]) }

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
      var nodeStrings: [Range<Int>] = []
      var calls: [Call] = []
      /// `Cursor.edge`'s masks, which calls do not keep.
      var noMasks: [Int32] = []
      /// The loop's ranges, in the nodes' order, and the next one to meet.
      let ranges: [LoopScan.Range]
      var nextRange = 0

      init(buffer: UnsafeBufferPointer<UInt8>, ranges: [LoopScan.Range]) { (self.buffer, self.ranges) = (buffer, ranges) }

      /// The nodes, `nodes` the bytes after the tables.
      mutating func scan(_ nodes: Range<Int>) throws(Malformed) {
        var cursor = Cursor(buffer, at: nodes.lowerBound, end: nodes.upperBound)
        let count = try cursor.int()
        guard count >= 0, count <= cursor.end - cursor.offset else { throw Malformed() }
        nodeStrings.reserveCapacity(64)
        calls.reserveCapacity(count)
        for position in 0..<count { try scanNode(&cursor, position: position) }
        guard cursor.offset == cursor.end, nextRange == ranges.count else { throw Malformed() }
      }

      /// One node, as `Encoder.write(_:to:)` wrote it; its call edges kept.
      private mutating func scanNode(_ cursor: inout Cursor, position: Int) throws(Malformed) {
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
        var edgeCount = try cursor.int()
        // A recorded loop's edges are in the record: the node lists the others.
        if nextRange < ranges.count, Int(ranges[nextRange].position) == position {
          guard Int(ranges[nextRange].start + ranges[nextRange].count) <= edgeCount else { throw Malformed() }
          edgeCount -= Int(ranges[nextRange].count)
          nextRange += 1
        }
        guard edgeCount >= 0, edgeCount <= cursor.end - cursor.offset else { throw Malformed() }
        let target = StableNodeID.Part(rawValue: part)
        for _ in 0..<edgeCount {
          let edge = try cursor.edge(&nodeStrings, masks: &noMasks, keepsMasks: false)
          if let call = CallScan.call(edge, target: Int32(index), part: target) { calls.append(call) }
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

      @inline(__always)
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
