#if ImplicitsAnalysis
/// A node of the `RequirementGraph`. Typed, so that it is not taken for one of the
/// indices it is made from: a body node, entry point or bag site of one file
/// (`FileNodes`), a key, an edge.
struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
  let raw: Int32

  init(_ index: Int) { raw = Int32(index) }

  var index: Int { Int(raw) }
  var description: String { "#\(raw)" }

  static func < (a: NodeID, b: NodeID) -> Bool { a.raw < b.raw }
}

/// A file of the module: its position among the summaries the graph is built from.
struct FileID: Hashable, Comparable, Sendable {
  let raw: Int32

  init(_ index: Int) { raw = Int32(index) }

  var index: Int { Int(raw) }

  static func < (a: FileID, b: FileID) -> Bool { a.raw < b.raw }
}

/// Where one file's body nodes, entry points and bag sites (indices into its
/// `FileSummary`) sit in the graph.
struct FileNodes: Sendable {
  var bodies: [NodeID] = []
  var entries: [NodeID] = []
  var bags: [NodeID] = []
}
#endif
