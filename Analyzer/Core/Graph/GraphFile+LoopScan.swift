#if ImplicitsAnalysis
import Foundation

extension GraphFile {
  /// A file's loop record (`LoopRecord`) and the edges it names, read in place from the
  /// part's bytes (`Encoder.part(file:)`'s layout, as `CallScan` walks it): what
  /// `PatchedCalls.loop(file:)` replays. Only numbers are kept — strings as byte ranges,
  /// masks flat — so that a part costs a walk, not a value per node: the replay makes
  /// the few strings it needs (key names, call names, callees) and nothing else.
  struct LoopScan {
    struct Malformed: Error {}

    /// An edge of the loop: source, mask, place and role as the part numbers them.
    struct Edge {
      /// 0: a key (`source` its number among the part's keys); 1: a file's node (`sourcePart`,
      /// `sourcePath` its path's number, `source` its index); 2: a module-level node (`source`
      /// its number among the part's modules).
      var sourceKind: UInt8
      var sourcePart: UInt8
      var sourcePath: Int32
      var source: Int32
      /// -1: hides everything; else `masks[maskStart..<maskStart + maskCount]`.
      var maskStart: Int32
      var maskCount: Int32
      var placePath: Int32
      var line: Int32
      var column: Int32
      /// `RequirementGraph.Role`'s tag; for a call, its name's number in the nodes' strings.
      var role: UInt8
      var name: Int32
    }

    /// A node's range of loop edges, as the record has it, and its edges once found.
    struct Range {
      var part: UInt8
      var index: Int32
      var start: Int32
      var count: Int32
      var edges: [Edge] = []
    }

    private(set) var bytes: [UInt8]
    private(set) var tableStrings: [Swift.Range<Int>] = []
    private(set) var nodeStrings: [Swift.Range<Int>] = []
    private(set) var path = -1
    private(set) var paths: [Int32] = []
    private(set) var keys: [Int32] = []
    private(set) var modules: [Int32] = []
    /// `nil`: the part has no record.
    private(set) var trace: [Int32]?
    private(set) var ranges: [Range] = []
    /// Body index and callee's number among the tables' strings (-1: none).
    private(set) var detaches: [(body: Int32, callee: Int32)] = []
    private(set) var masks: [Int32] = []

    init(_ bytes: [UInt8], body: Swift.Range<Int>) throws(Malformed) {
      self.bytes = bytes
      var scan = self
      let failed: Bool = bytes.withUnsafeBufferPointer { buffer in
        do throws(CallScan.Malformed) {
          try scan.scan(buffer, body)
          return false
        } catch {
          return true
        }
      }
      if failed { throw Malformed() }
      self = scan
    }

    func tableString(_ number: Int32) -> String { string(tableStrings[Int(number)]) }
    func nodeString(_ number: Int32) -> String { string(nodeStrings[Int(number)]) }

    private func string(_ range: Swift.Range<Int>) -> String {
      bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, _ body: Swift.Range<Int>) throws(CallScan.Malformed) {
      typealias Cursor = CallScan.Cursor
      var cursor = Cursor(buffer, at: body.lowerBound, end: body.upperBound)
      let tableLength = try cursor.int()
      guard tableLength >= 0, tableLength <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
      var tables = Cursor(buffer, at: cursor.offset, end: cursor.offset + tableLength)
      cursor.offset += tableLength
      path = try tables.string(&tableStrings)
      func strings() throws(CallScan.Malformed) -> [Int32] {
        let count = try tables.int()
        guard count >= 0, count <= tables.end - tables.offset else { throw CallScan.Malformed() }
        var numbers: [Int32] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count { numbers.append(Int32(try tables.string(&tableStrings))) }
        return numbers
      }
      paths = try strings()
      keys = try strings()
      modules = try strings()
      guard try tables.byte() == 1 else { return }
      func count() throws(CallScan.Malformed) -> Int {
        let count = try tables.int()
        guard count >= 0, count <= tables.end - tables.offset else { throw CallScan.Malformed() }
        return count
      }
      var trace: [Int32] = []
      for _ in 0..<(try count()) {
        let key = try tables.int32()
        guard keys.indices.contains(Int(key)) else { throw CallScan.Malformed() }
        trace.append(key)
      }
      for _ in 0..<(try count()) {
        let part = try tables.byte()
        let (index, start, length) = (try tables.int32(), try tables.int32(), try tables.int32())
        guard index >= 0, start >= 0, length > 0 else { throw CallScan.Malformed() }
        ranges.append(Range(part: part, index: index, start: start, count: length))
      }
      for _ in 0..<(try count()) {
        let body = try tables.int32()
        var callee: Int32 = -1
        switch try tables.byte() {
        case 0: break
        case 1: callee = Int32(try tables.string(&tableStrings))
        default: throw CallScan.Malformed()
        }
        detaches.append((body, callee))
      }
      self.trace = trace
      // The nodes: each own node's loop edges, found by the range of its part and index.
      let nodeCount = try cursor.int()
      guard nodeCount >= 0, nodeCount <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
      var found = 0
      for _ in 0..<nodeCount {
        let part = try cursor.byte()
        let index = try cursor.int32()
        let range = ranges.firstIndex { $0.part == part && $0.index == index }
        try skipNodeHead(&cursor)
        let edgeCount = try cursor.int()
        guard edgeCount >= 0, edgeCount <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
        if let range {
          guard Int(ranges[range].start) + Int(ranges[range].count) <= edgeCount else { throw CallScan.Malformed() }
          found += 1
        }
        let wanted = range.map { Int(ranges[$0].start)..<Int(ranges[$0].start + ranges[$0].count) } ?? 0..<0
        for edge in 0..<edgeCount {
          let read = try readEdge(&cursor, keeps: wanted.contains(edge))
          if let read, let range { ranges[range].edges.append(read) }
        }
        let rows = try cursor.int()
        guard rows >= 0, rows <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
        for _ in 0..<(2 * rows) { _ = try cursor.int() }
      }
      guard cursor.offset == cursor.end, found == ranges.count else { throw CallScan.Malformed() }
    }

    /// A node's kind, name, place, flags and optional strings, skipped.
    private mutating func skipNodeHead(_ cursor: inout CallScan.Cursor) throws(CallScan.Malformed) {
      switch try cursor.byte() {
      case 0: _ = try cursor.int()
      case 1:
        _ = try cursor.byte()
        try cursor.skipOptionalString(&nodeStrings)
      case 2, 3, 8: break
      case 4, 6, 7: _ = try cursor.string(&nodeStrings)
      case 5: _ = try cursor.byte()
      default: throw CallScan.Malformed()
      }
      _ = try cursor.string(&nodeStrings)
      if try cursor.int() != -1 {
        _ = try cursor.int()
        _ = try cursor.int()
      }
      _ = try cursor.byte()
      for _ in 0..<3 { try cursor.skipOptionalString(&nodeStrings) }
    }

    /// One edge; kept (returned) only if `keeps`, its strings numbered either way.
    private mutating func readEdge(_ cursor: inout CallScan.Cursor, keeps: Bool) throws(CallScan.Malformed) -> Edge? {
      var edge = Edge(
        sourceKind: 0, sourcePart: 0, sourcePath: -1, source: 0, maskStart: -1, maskCount: -1, placePath: -1, line: 0,
        column: 0, role: 0, name: -1)
      switch try cursor.byte() {
      case 0: edge.source = try cursor.int32()
      case 1:
        edge.sourcePart = try cursor.byte()
        if edge.sourcePart == StableNodeIDs.modulePart {
          edge.sourceKind = 2
          edge.source = try cursor.int32()
        } else {
          edge.sourceKind = 1
          edge.sourcePath = try cursor.int32()
          edge.source = try cursor.int32()
        }
      default: throw CallScan.Malformed()
      }
      let mask = try cursor.int()
      guard mask >= -1, mask <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
      if mask >= 0 {
        edge.maskStart = Int32(masks.count)
        edge.maskCount = Int32(mask)
        for _ in 0..<mask {
          let key = try cursor.int32()
          if keeps { masks.append(key) }
        }
        if !keeps { edge.maskStart = -1 }
      }
      edge.placePath = try cursor.int32()
      if edge.placePath != -1 { (edge.line, edge.column) = (try cursor.int32(), try cursor.int32()) }
      (edge.role, edge.name) = try cursor.role(&nodeStrings)
      return keeps ? edge : nil
    }
  }
}
#endif
