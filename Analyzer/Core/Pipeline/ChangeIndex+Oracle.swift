#if ImplicitsAnalysis
import Dispatch
import Foundation

extension ChangeIndex {
  /// The change index's oracle (`IMPLICITS_CHANGE_ORACLE`), and the lookup pass it makes:
  /// every file whose record, call lookups or built graph differ from the last run's must
  /// be dirty, and the rows must be what a pass of their own finds — the rows the graph
  /// build recorded (`CallLookups`), and the rows kept for the clean files.
  enum Oracle {
    /// `files`' calls, bag passes and closure sites (`Reads.closureSites`) looked up in the
    /// solved graph's symbols: the names each read (`LookupReads`) and, with `digests`, a
    /// digest of the candidates found (callees by their file's path and body index:
    /// `ChangeSet.callables` lists a callable whose place moved).
    static func lookUp(
      _ indices: [Int], paths: [String], files: [FileSummary], solved: SolvedGraph, digests: Bool
    ) -> (names: Slots<[UInt32]>, digests: Slots<String>) {
      let names = Slots<[UInt32]>(count: files.count)
      let calls = Slots<String>(count: files.count)
      guard !indices.isEmpty else { return (names, calls) }
      var bodies: [NodeID: (file: Int, body: Int)] = [:]
      if digests {
        for file in files.indices {
          for (body, node) in solved.nodes(of: FileID(file)).bodies.enumerated() { bodies[node] = (file, body) }
        }
      }
      DispatchQueue.concurrentPerform(iterations: indices.count) { [bodies] slot in
        let file = indices[slot]
        let lookups = LookupReads()
        var table = solved.symbols
        table.reads = lookups
        var digest = ContentHash()
        func lookUp(_ site: CallSite) {
          let found = table.candidates(for: site, file: FileID(file))
          guard digests else { return }
          digest.add(site.baseName)
          for index in found {
            let callable = table.callables[index]
            if let place = bodies[callable.node] {
              digest.add(paths[place.file] + "#" + String(place.body))
            } else if callable.inherits != nil {
              // A subclass's inherited initializer: its parameters are its superclass's, whose
              // edits the lookup read (`SymbolTable+InheritedInitializers`).
              digest.add("inherited " + callable.qualifiedName)
            } else {
              digest.add("external " + callable.qualifiedName + " " + (callable.typeName ?? ""))
            }
          }
          digest.add("\u{1}")
        }
        for contribution in files[file].contributions {
          if case .call(let site) = contribution.source { lookUp(site) }
        }
        for pass in files[file].bagPasses { lookUp(pass.call) }
        Reads.closureSites(of: files[file], lookUp)
        Reads.readInitializerInheritance(of: files[file], in: table)
        names[file] = lookups.names
        if digests { calls[file] = digest.hex }
      }
      return (names, calls)
    }

    /// The unchanged files (same path and summary entry as in the last run) whose part of
    /// this run's graph differs from their part of the last run's graph file: by stable ids,
    /// every node with its kind, name, place, flags and edges in order — all that the build
    /// makes, not the solve's rows and diagnostics, which a callee's new requirement changes
    /// in every caller. What a file's records and call candidates do not show still shows
    /// here: a call that now reads its closure argument otherwise (2c767cc: an escaping
    /// callee renamed, with no edge between the two files), an edge a module-wide pass adds.
    /// Such a file's answers changed, so it must be dirty. `nil` without a last graph of the
    /// run the index describes (the graph cache off, another run's file, every file dirty).
    static func graphDiffers(_ before: Before, lastGraph: GraphFile.Reader?, solved: SolvedGraph, paths: [String]) -> Set<String>? {
      guard let reader = lastGraph, let last = before.last, before.dirty != nil, reader.index.inputs.hex == last.run,
        reader.index.paths == last.paths, reader.index.summaries == last.entries
      else { return nil }
      var lastIndex: [String: Int] = [:]
      for (file, path) in last.paths.enumerated() { lastIndex[path] = file }
      let parts = GraphFile.Parts(solved, ids: StableNodeIDs(solved, paths: paths), paths: paths, diagnostics: [])
      var differ: Set<String> = []
      for (file, path) in paths.enumerated() where !before.changed.contains(path) {
        guard let old = lastIndex[path], let was = try? reader.part(ofFile: old) else { return nil }
        if built(was, changed: before.changed) != built(parts.part(ofFile: file), changed: before.changed) { differ.insert(path) }
      }
      return differ
    }

    /// A part as the build made it: the solve's rows left out, and the places in `changed`
    /// files without their line and column — in edge locations and in the names of module
    /// nodes (`StableNodeID.module`: a closure value or bag by where it is) — so that a line
    /// added above them, which moves them without changing any answer, changes no clean part.
    private static func built(_ part: GraphFile.Part, changed: Set<String>) -> [GraphFile.Node] {
      part.nodes.map { node in
        var node = node
        node.rows = []
        for index in node.edges.indices {
          if let place = node.edges[index].location, changed.contains(place.path) {
            node.edges[index].location = GraphFile.Place(path: place.path, line: 0, column: 0)
          }
          if case .node(.module(let name)) = node.edges[index].source {
            node.edges[index].source = .node(.module(withoutPlaces(name, in: changed)))
          }
        }
        return node
      }
    }

    /// `name` with each `path:line:column` of a path in `changed` as `path:*`.
    private static func withoutPlaces(_ name: String, in changed: Set<String>) -> String {
      var name = Substring(name)
      for path in changed where name.contains(path + ":") {
        var kept = ""
        while let range = name.range(of: path + ":") {
          kept += name[..<range.upperBound] + "*"
          var rest = name[range.upperBound...]
          rest = rest.drop { $0.isNumber }
          if rest.first == ":" { rest = rest.dropFirst().drop { $0.isNumber } }
          name = rest
        }
        name = Substring(kept + name)
      }
      return String(name)
    }

    /// One JSON line per run in `report`: files, changed, dirty, the files whose records,
    /// call lookups or built graph (`graph`, `graphDiffers`) differ from the last run's and
    /// those of them not dirty (`missed`); the
    /// files whose row the graph build recorded otherwise than the pass (`unequal`); the
    /// clean files whose row kept differs from what the pass reads now (`stale`). Any of the
    /// three is said on standard error too.
    /// - Parameter passed: every file's call lookups' reads, as `lookUp` found them.
    /// - Parameter graph: the unchanged files whose built graph differs (`graphDiffers`).
    static func check(
      _ before: Before, against index: ChangeIndex, reads: Reads, passed: Slots<[UInt32]>, graph: Set<String>?, report: String
    ) {
      var line: [String: Any] = [
        "files": index.paths.count, "changed": before.changed.count, "all": before.dirty == nil,
        "dirty": before.dirty?.count ?? index.paths.count, "missed": [String](), "unequal": [String](), "stale": [String](),
      ]
      if let dirty = before.dirty, dirty.count <= 100 { line["dirtyFiles"] = dirty.sorted() }
      var unequal: [String] = []
      var stale: [String] = []
      for (file, path) in index.paths.enumerated() {
        let fresh = Reads.sorted((passed[file] ?? []) + (reads.keys[file] ?? []))
        if reads.row(file) != fresh { unequal.append(path) }
        if !reads.makesRow[file], Array(index.row(file)) != fresh { stale.append(path) }
      }
      line["unequal"] = unequal.sorted()
      line["stale"] = stale.sorted()
      var missed: [String] = []
      if let last = before.last, last.calls.count == last.paths.count, last.records.count == last.paths.count {
        var lastIndex: [String: Int] = [:]
        for (file, path) in last.paths.enumerated() { lastIndex[path] = file }
        let dirty = before.dirty ?? Set(index.paths)
        var differ: [String] = []
        var parts: [String: String] = [:]
        for (file, path) in index.paths.enumerated() {
          guard let old = lastIndex[path] else {
            differ.append(path)
            continue
          }
          let (calls, records) = (last.calls[old] != index.calls[file], last.records[old] != index.records[file])
          let built = graph?.contains(path) == true
          if calls || records || built {
            differ.append(path)
            parts[path] = [calls ? "calls" : nil, records ? "records" : nil, built ? "graph" : nil].compactMap { $0 }.joined(separator: " ")
          }
        }
        line["graph"] = graph.map { $0.count } ?? -1
        missed = differ.filter { !dirty.contains($0) }
        line["differ"] = differ.count
        line["parts"] = parts.filter { !dirty.contains($0.key) }
        if differ.count <= 100 { line["differFiles"] = differ.sorted() }
        line["missed"] = missed.sorted()
        let change = before.change
        // The changed names with the most readers: where an over-approximation comes from.
        let widest = names(of: change, plant: nil).map { ($0.key, last.readers(of: [$0.value]).count) }.filter { $0.1 > 0 }
          .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(5)
        line["widest"] = widest.map { [$0.0, $0.1] as [Any] }
        line["names"] = [
          "callables": change.callables.count, "types": change.types.count, "keys": change.keys.count,
          "aliases": change.aliases.count, "keyIdentifiers": change.keyIdentifiers.count,
        ]
      } else {
        line["first"] = true
      }
      for (what, files) in [("changed answers but were not dirty", missed), ("were recorded otherwise than looked up", unequal),
        ("kept a row that differs from their reads", stale)] where !files.isEmpty
      {
        FileHandle.standardError.write(Data(
          "change index oracle: \(files.count) file(s) \(what): \(files.sorted().prefix(5).joined(separator: ", "))\n".utf8))
      }
      guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
      let descriptor = open(report, O_WRONLY | O_APPEND | O_CREAT, 0o644)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      let bytes = Array(data) + [UInt8(ascii: "\n")]
      _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    }
  }
}
#endif
