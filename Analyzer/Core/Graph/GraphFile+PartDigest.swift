#if ImplicitsAnalysis
/// What a file's part says, digested without its loop record's edges: kept in the index
/// (`GraphFile.Index.digests`), so that a later run whose part for the same file would be
/// the same bytes copies the last run's instead of encoding it again (`GraphFile.write`).
///
/// Why a digest and not a proof from the change index: a clean file's part changes with
/// more than its own summary. Its rows are the solve's (a requirement changed upstream
/// changes them), its edges name other files' nodes by index (a declaration inserted there
/// moves them), its nodes carry flags and diagnostics the whole module decides, and the
/// module-wide passes append edges to it. So the digest takes all of that, in the part's
/// own terms (paths, keys and module-level names by their text, never this run's numbers),
/// everything but the record's edges: those are the only costly piece, and a replayed file
/// (`GraphBuilder.replayLoop`) took them from that very part. Equal digests, a replayed
/// file (or no record in either run), and the part is the same bytes.
///
/// One thing is left out as well, by construction: the head (kind, name, place) of a node
/// `createNodes` made from the file's summary (its bodies, its bags, the summary's entry
/// points). A node's head is set once, when it is added (`RequirementGraph.addNode`; later
/// passes change only its edges, `isDetached` and `unclassifiedCallee`, which the digest
/// takes), and a clean file's summary is the last run's (same path and summary entry). The
/// graph oracle checks exactly this on every re-check of `run.py` and `corpus.py` (no
/// unchanged file's own node renamed). Hashing those heads was ~70 M instructions at 5,000
/// files. An entry point added later, while edges are made, is digested whole.
///
/// The digest is a `CacheWriting`: what the part's encoders write (kinds, roles, stored
/// diagnostics) is digested by the same code, field for field.
extension GraphFile {
  struct PartDigest: CacheWriting, Equatable {
    private(set) var a: UInt64 = 0x243f_6a88_85a3_08d3
    private(set) var b: UInt64 = 0x1319_8a2e_0370_7344

    init() {}

    init(a: UInt64, b: UInt64) { (self.a, self.b) = (a, b) }

    @inline(__always)
    mutating func add(_ word: UInt64) {
      a = (a ^ word) &* 0xff51_afd7_ed55_8ccd
      a ^= a >> 32
      b = (b &+ word) &* 0xc4ce_b9fe_1a85_ec53
      b ^= b >> 29
    }

    /// Another digest (a name's, made once per run), as two words.
    @inline(__always)
    mutating func add(_ digest: PartDigest) {
      add(digest.a)
      add(digest.b)
    }

    mutating func write(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
    mutating func write(_ value: Bool) { add(value ? 0xb001 : 0xb000) }
    mutating func write(tag: UInt8) { add(0x7a90 | UInt64(tag) << 16) }

    /// Its length, then its UTF-8 bytes eight at a time.
    mutating func write(_ value: String) {
      var value = value
      value.withUTF8 { bytes in
        add(UInt64(bytes.count) | 0x5700_0000_0000_0000)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
          add(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          offset += 8
        }
        if offset < raw.count {
          var tail: UInt64 = 0
          for index in offset..<raw.count { tail |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
          add(tail)
        }
      }
    }

    static func of(_ string: String) -> PartDigest {
      var digest = PartDigest()
      digest.write(string)
      return digest
    }
  }

  /// The digests of the paths, key names and module-level names a part names, each made
  /// once per run, when first needed.
  struct NameDigests {
    var paths: [PartDigest?]
    var keys: [PartDigest?]
    var modules: [PartDigest?]

    init(paths: Int, keys: Int, modules: Int) {
      self.paths = Array(repeating: nil, count: paths)
      self.keys = Array(repeating: nil, count: keys)
      self.modules = Array(repeating: nil, count: modules)
    }
  }
}

extension GraphFile.Encoder {
  /// File `file`'s part digested (`GraphFile.PartDigest`): everything `withPart(file:_:)`
  /// writes for it, in the same order, but the loop record's edges.
  mutating func digest(file: Int) -> GraphFile.PartDigest {
    var digest = GraphFile.PartDigest()
    let own = fileNodes[file]
    let loop = loops[file]
    digest.write(own.bodies.count)
    digest.write(own.entries.count)
    digest.write(own.bags.count)
    let ranges = loop?.ranges ?? []
    var next = 0
    let graphNodes = graph.nodes
    graphNodes.withUnsafeBufferPointer { all in
      for (part, list) in [(StableNodeID.Part.body, own.bodies), (.entry, own.entries), (.bag, own.bags)] {
        for (index, node) in list.enumerated() {
          var turn = 0..<0
          if next < ranges.count, ranges[next].part == part.rawValue, ranges[next].index == Int32(index) {
            turn = Int(ranges[next].start)..<Int(ranges[next].start + ranges[next].count)
            next += 1
          }
          // The summary's own nodes' heads are the last run's (above); a later entry point's are not.
          let head = part == .entry && index >= (summaryEntries?[file] ?? 0) || summaryEntries == nil
          self.digest(node, all, turn: turn, head: head, into: &digest)
        }
      }
    }
    if let loop {
      digest.write(tag: 1)
      digest.write(loop.keys.count)
      for key in loop.keys { digest.add(keyDigest(Int(key))) }
      digest.write(loop.ranges.count)
      for range in loop.ranges {
        digest.write(tag: range.part)
        digest.write(Int(range.index))
        digest.write(Int(range.start))
        digest.write(Int(range.count))
      }
      digest.write(loop.detaches.count)
      for detach in loop.detaches {
        digest.write(Int(detach.body))
        digest.write(optional: detach.callee)
      }
    } else {
      digest.write(tag: 0)
    }
    let stored = diagnostics[file]
    digest.write(stored.count)
    for diagnostic in stored { GraphFile.stored(diagnostic, paths: paths).encode(into: &digest) }
    return digest
  }

  /// A node as `write(_:_:into:loop:)` writes it, but the edges `turn` (the record's), and
  /// its id, kind, name and place unless `head`.
  private mutating func digest(
    _ id: NodeID, _ all: UnsafeBufferPointer<RequirementGraph.Node>, turn: Range<Int>, head: Bool,
    into digest: inout GraphFile.PartDigest
  ) {
    let node = id.index
    if head {
      digest.write(tag: ids.parts[node])
      digest.write(Int(ids.indices[node]))
      GraphFile.Kind(all[node].kind).encode(into: &digest)
      digest.write(all[node].name)
      self.digest(all[node].location, into: &digest)
    }
    var flags = self.flags[node]
    if all[node].isDetached { flags |= Flags.detached.rawValue }
    digest.write(tag: flags)
    digest.write(optional: all[node].unclassifiedCallee)
    digest.write(optional: extras[node] ? graph.closureValueTypes[id] : nil)
    digest.write(optional: extras[node] ? graph.dependencyScopes[id] : nil)
    all[node].edges.withUnsafeBufferPointer { edges in
      digest.write(edges.count)
      for edge in edges.indices where !turn.contains(edge) {
        switch edges[edge].source {
        case .key(let key):
          digest.write(tag: 0)
          digest.add(keyDigest(key))
        case .node(let source):
          digest.write(tag: 1)
          let part = ids.parts[source.index]
          digest.write(tag: part)
          if part == StableNodeIDs.modulePart {
            digest.add(moduleDigest(Int(ids.indices[source.index])))
          } else {
            digest.add(pathDigest(Int(ids.files[source.index])))
            digest.write(Int(ids.indices[source.index]))
          }
        }
        let mask = edges[edge].mask
        if mask.count == 1 && mask[0] == -1 {
          digest.write(-1)
        } else {
          digest.write(mask.count)
          for key in mask { digest.add(keyDigest(key)) }
        }
        self.digest(edges[edge].location, into: &digest)
        edges[edge].role.encode(into: &digest)
      }
    }
    let rows = Int(solution.starts[node])..<Int(solution.starts[node + 1])
    digest.write(rows.count)
    for row in rows {
      digest.add(keyDigest(Int(solution.keys[row])))
      digest.write(Int(solution.edges[row]))
    }
  }

  private mutating func digest(_ location: SourceLoc?, into digest: inout GraphFile.PartDigest) {
    guard let location else { return digest.write(-1) }
    digest.add(pathDigest(Int(location.file)))
    digest.write(Int(location.line))
    digest.write(Int(location.column))
  }

  private mutating func pathDigest(_ file: Int) -> GraphFile.PartDigest {
    if let digest = names.paths[file] { return digest }
    let digest = GraphFile.PartDigest.of(paths[file])
    names.paths[file] = digest
    return digest
  }

  private mutating func keyDigest(_ key: Int) -> GraphFile.PartDigest {
    if let digest = names.keys[key] { return digest }
    let digest = GraphFile.PartDigest.of(graph.keyNames[key])
    names.keys[key] = digest
    return digest
  }

  private mutating func moduleDigest(_ name: Int) -> GraphFile.PartDigest {
    if let digest = names.modules[name] { return digest }
    let digest = GraphFile.PartDigest.of(ids.moduleNames[name])
    names.modules[name] = digest
    return digest
  }
}
#endif
