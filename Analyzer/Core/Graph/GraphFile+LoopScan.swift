#if ImplicitsAnalysis
import Foundation

extension GraphFile {
  /// A file's loop record (`LoopRecord`) read in place from its part's tables, nothing
  /// else: what `PatchedCalls.loop(file:)` replays. The record carries the turn's edges
  /// itself (`Encoder.write(_:keys:positions:edges:into:)`), so the nodes — every node's
  /// head, name, edges and rows, ~65,000 instructions a part to walk — are not read at all;
  /// only numbers are kept (strings as byte ranges, edges and masks in flat arrays), and the
  /// replay makes the few strings it needs (key names, call names, callees). `CallScan`
  /// reads the tables and the record through this scan too.
  struct LoopScan {
    struct Malformed: Error {}

    typealias Edge = CallScan.Cursor.Edge

    /// A node's range of loop edges, as the record has it; its edges are the next `count`
    /// of `edges`, range after range.
    struct Range {
      var part: UInt8
      var index: Int32
      var start: Int32
      var count: Int32
      /// The node's position among the part's nodes (`CallScan` meets it there).
      var position: Int32
    }

    private(set) var bytes: [UInt8]
    /// The tables' strings (path, paths, keys, modules, callees), and the record's edges'
    /// own (call names): byte ranges into `bytes`.
    private(set) var tableStrings: [Swift.Range<Int>] = []
    private(set) var edgeStrings: [Swift.Range<Int>] = []
    private(set) var path = -1
    private(set) var paths: [Int32] = []
    private(set) var keys: [Int32] = []
    private(set) var modules: [Int32] = []
    /// `nil`: the part has no record.
    private(set) var trace: [Int32]?
    private(set) var ranges: [Range] = []
    /// Body index and callee's number among the tables' strings (-1: none).
    private(set) var detaches: [(body: Int32, callee: Int32)] = []
    private(set) var edges: [Edge] = []
    /// The edges' masks' keys, by their numbers among the part's keys.
    private(set) var masks: [Int32] = []
    /// Where the nodes start, after the tables (`CallScan` walks them).
    private(set) var nodesOffset = 0

    init(_ bytes: [UInt8], body: Swift.Range<Int>) throws(Malformed) {
      self.bytes = []
      try rescan(bytes, body: body)
    }

    /// An empty scan, for `rescan` to fill.
    init() { bytes = [] }

    /// This scan made that of another part, its arrays' storage kept: a replay scans one
    /// part per clean file, and allocating and freeing a scan's ~10 arrays each time was
    /// ~45 M instructions of a re-check at 5,000 files (`PatchedCalls.loop(file:)`).
    /// Malformed: the scan is left empty. `keepsStaleEdges`: the last part's edges and masks
    /// stay before this part's (`IMPLICITS_PATCHED_GRAPH_PLANT=scan`, a planted bug the
    /// oracle must catch).
    mutating func rescan(_ bytes: [UInt8], body: Swift.Range<Int>, keepsStaleEdges: Bool = false) throws(Malformed) {
      self.bytes = bytes
      tableStrings.removeAll(keepingCapacity: true)
      edgeStrings.removeAll(keepingCapacity: true)
      (path, nodesOffset) = (-1, 0)
      paths.removeAll(keepingCapacity: true)
      keys.removeAll(keepingCapacity: true)
      modules.removeAll(keepingCapacity: true)
      var trace = self.trace ?? []
      self.trace = nil
      trace.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
      detaches.removeAll(keepingCapacity: true)
      if !keepsStaleEdges {
        edges.removeAll(keepingCapacity: true)
        masks.removeAll(keepingCapacity: true)
      }
      let failed: Bool = bytes.withUnsafeBufferPointer { buffer in
        do throws(CallScan.Malformed) {
          try scan(buffer, body, trace: &trace)
          return false
        } catch {
          return true
        }
      }
      guard !failed else {
        self = LoopScan()
        throw Malformed()
      }
    }

    func tableString(_ number: Int32) -> String { string(tableStrings[Int(number)]) }

    /// The bytes of table string `number`, valid only in `body` (`PatchedCalls.BytesTable`).
    func withTableBytes<Result>(_ number: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      let range = tableStrings[Int(number)]
      return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
    /// A call's name (`Edge.name`).
    func edgeString(_ number: Int32) -> String { string(edgeStrings[Int(number)]) }

    private func string(_ range: Swift.Range<Int>) -> String {
      bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The tables as `Encoder.withPart` writes them, up to the record's end; the
    /// diagnostics after it and the nodes after the tables are not read.
    private mutating func scan(
      _ buffer: UnsafeBufferPointer<UInt8>, _ body: Swift.Range<Int>, trace: inout [Int32]
    ) throws(CallScan.Malformed) {
      typealias Cursor = CallScan.Cursor
      var cursor = Cursor(buffer, at: body.lowerBound, end: body.upperBound)
      let tableLength = try cursor.int()
      guard tableLength >= 0, tableLength <= cursor.end - cursor.offset else { throw CallScan.Malformed() }
      var tables = Cursor(buffer, at: cursor.offset, end: cursor.offset + tableLength)
      nodesOffset = tables.end
      path = try tables.string(&tableStrings)
      func count() throws(CallScan.Malformed) -> Int {
        let count = try tables.int()
        guard count >= 0, count <= tables.end - tables.offset else { throw CallScan.Malformed() }
        return count
      }
      func strings() throws(CallScan.Malformed) -> [Int32] {
        let count = try count()
        var numbers: [Int32] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count { numbers.append(Int32(try tables.string(&tableStrings))) }
        return numbers
      }
      paths = try strings()
      keys = try strings()
      modules = try strings()
      guard try tables.byte() == 1 else { return }
      for _ in 0..<(try count()) {
        let key = try tables.int32()
        guard keys.indices.contains(Int(key)) else { throw CallScan.Malformed() }
        trace.append(key)
      }
      var total = 0
      for _ in 0..<(try count()) {
        let part = try tables.byte()
        let (index, start, length) = (try tables.int32(), try tables.int32(), try tables.int32())
        let position = try tables.int32()
        guard index >= 0, start >= 0, length > 0, position > (ranges.last?.position ?? -1) else { throw CallScan.Malformed() }
        ranges.append(Range(part: part, index: index, start: start, count: length, position: position))
        total += Int(length)
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
      let edgeLength = try count()
      guard total <= edgeLength else { throw CallScan.Malformed() }
      var record = Cursor(buffer, at: tables.offset, end: tables.offset + edgeLength)
      edges.reserveCapacity(total)
      // Room for a mask key per edge: most parts have a few masked edges, which grew the array.
      masks.reserveCapacity(total)
      for _ in 0..<total { edges.append(try record.edge(&edgeStrings, masks: &masks, keepsMasks: true)) }
      guard record.offset == record.end else { throw CallScan.Malformed() }
      self.trace = trace
    }
  }
}
#endif
