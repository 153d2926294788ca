#if ImplicitsAnalysis
import Foundation

extension PatchedCalls {
  /// The patched build's check (`IMPLICITS_PATCHED_GRAPH_ORACLE=<file>`): the graph is built
  /// a second time with every call looked up, as a cold check builds it, and the two must
  /// be the same graph — every node (kind, name, place, flags) and every edge (source, mask,
  /// place, role) in the same order, the same keys in the same order, the same slots,
  /// copies, closure value types and dependency scopes, and the builder's bags, overload
  /// sets and diagnostics. The answers change no numbering, so nothing needs matching: node
  /// `i` of one is node `i` of the other.
  enum Oracle {
    /// The first difference between `patched` and `whole`, or `nil` when they are the same graph.
    static func difference(_ patched: GraphBuilder, _ whole: GraphBuilder) -> String? {
      let (a, b) = (patched.graph, whole.graph)
      guard a.nodeCount == b.nodeCount else { return "\(a.nodeCount) nodes, a whole build has \(b.nodeCount)" }
      for node in a.ids {
        let (x, y) = (a[node], b[node])
        guard x.kind == y.kind, x.name == y.name, x.location == y.location, x.isDetached == y.isDetached,
          x.unclassifiedCallee == y.unclassifiedCallee
        else { return "node \(node) '\(x.name)' is not the whole build's '\(y.name)'" }
        guard x.edges == y.edges else {
          let common = min(x.edges.count, y.edges.count)
          let at = (0..<common).first { x.edges[$0] != y.edges[$0] } ?? common
          return "node \(node) '\(x.name)': edge \(at) of \(x.edges.count) differs from the whole build's (\(y.edges.count))"
        }
      }
      guard a.keyNames == b.keyNames else { return "the keys differ" }
      guard a.closureValueTypes == b.closureValueTypes, a.scopeClosureSlots == b.scopeClosureSlots,
        a.dependencyScopes == b.dependencyScopes, a.copies == b.copies
      else { return "closure value types, slots, dependency scopes or copies differ" }
      let (p, w) = (patched.fileNodes, whole.fileNodes)
      guard p.count == w.count, zip(p, w).allSatisfy({ $0.bodies == $1.bodies && $0.entries == $1.entries && $0.bags == $1.bags })
      else { return "the files' nodes differ" }
      guard patched.restoredBags == whole.restoredBags, patched.captureAllBags == whole.captureAllBags,
        patched.overloadSets == whole.overloadSets
      else { return "restored bags, capture-all bags or overload sets differ" }
      guard patched.diagnostics == whole.diagnostics else { return "the graph's diagnostics differ" }
      return nil
    }

    /// Appends the run's line to `path`; a difference is said on standard error too, so that
    /// the re-check's output is not a cold check's (`Tests/Incremental/run.py` compares them).
    static func report(_ patch: PatchedCalls, difference: String?, to path: String) {
      let counts = patch.counts
      let line = "patched-graph files=\(patch.parts.count) clean=\(counts.clean) answered=\(counts.answered)"
        + " looked-up-in-clean=\(counts.left) replayed=\(patch.replayedCount) equal=\(difference == nil)"
        + (difference.map { " first-difference=\($0.replacingOccurrences(of: " ", with: "_"))" } ?? "")
      if let difference {
        FileHandle.standardError.write(Data("patched graph oracle: the graph differs from a whole build: \(difference)\n".utf8))
      }
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      let bytes = Array((line + "\n").utf8)
      _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    }
  }
}
#endif
