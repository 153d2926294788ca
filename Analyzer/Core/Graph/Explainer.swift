#if ImplicitsAnalysis
extension AnalysisResult {
  /// For a function: what it requires and through which chain of calls. For a key: who
  /// provides it, who reads it and which functions require it. `nil` if nothing matches.
  public func explain(_ query: String) -> String? {
    let bodies = namedBodies().filter { body in
      let name = body.name
      let base = name.prefix { $0 != "(" }
      return name == query || base == query || base.split(separator: ".").last.map(String.init) == query
    }
    if !bodies.isEmpty {
      return bodies.sorted { $0.node < $1.node }.map { explainFunction($0.node, file: $0.file, index: $0.index) }.joined(separator: "\n")
    }
    let key = query.hasPrefix(".") ? "\\" + query : query
    if graph.keyID(key) != nil { return explainKey(key) }
    return nil
  }

  private func explainFunction(_ node: NodeID, file: Int, index: Int) -> String {
    let info = graph[node]
    // A key with a default is read but never missing: listing it as a requirement would
    // send the reader looking for a declaration the program does not need.
    let all = graph.requirementNames(of: node)
    let keys = all.filter { !defaultedKeys.contains($0) }
    let covered = all.filter { defaultedKeys.contains($0) }
    var out = "\(info.name)"
    if let location = info.location { out += " (\(position(location)))" }
    out += keys.isEmpty ? " requires nothing\n" : " requires \(keys.listed)\n"
    if !covered.isEmpty { out += "  read with a default, so not required: \(covered.listed)\n" }
    for key in keys { out += chain(of: key, from: node, indent: "  ") }
    // A root scope in this function is an entry point: its callers owe it nothing, but what
    // it leaves unresolved is why `check` fails, so "requires nothing" alone would mislead.
    let entries = files[file].entries.enumerated().filter { $0.element.node == index }
    for (entry, point) in entries {
      let entryNode = solved.nodes(of: FileID(file)).entries[entry]
      let unresolved = graph.requirementNames(of: entryNode).filter { !defaultedKeys.contains($0) }
      guard !unresolved.isEmpty else { continue }
      let one = unresolved.count == 1
      out += "  its entry point at \(position(point.location)) leaves \(unresolved.listed) unresolved"
        + " (\(one ? "it is" : "they are") declared on no path to \(one ? "its read" : "their reads"))\n"
      for key in unresolved { out += chain(of: key, from: entryNode, indent: "    ") }
    }
    return out
  }

  /// The calls `key` is required through from `node` down to its read (into other modules
  /// too, as their interfaces link them), one line each under the key's name.
  private func chain(of key: KeyName, from node: NodeID, indent: String) -> String {
    var out = "\(indent)\(key.quoted):\n"
    var current = node
    var visited: Set<NodeID> = []
    chain: while let id = graph.keyID(key), let edgeIndex = graph.requirements(of: current)[id], visited.insert(current).inserted {
      let edge = graph[current].edges[edgeIndex]
      let at = edge.location.map { " at \(position($0))" } ?? ""
      switch edge.source {
      case .key:
        let what = graph[current].kind == .external(module: "") ? "required by" : "read"
        out += "\(indent)  \(what) in \(graph[current].name)\(at)\n"
        break chain
      case .node(let next):
        switch edge.role {
        case .call(let name): out += "\(indent)  \(graph[current].name) calls \(name)\(at)\n"
        case .closureValueCall: out += "\(indent)  \(graph[current].name) calls \(graph[next].name)\(at)\n"
        case .closure, .closureParameterCall: out += "\(indent)  \(graph[current].name) runs a closure\(at)\n"
        case .closureCopy: out += "\(indent)  \(graph[current].name) runs closures copied\(at)\n"
        case .bagCapture, .bagRestoredBy, .bagStored, .bagKept: out += "\(indent)  \(graph[current].name) captures a bag\(at)\n"
        case .read, .storedProperty: break
        }
        current = next
      }
      if case .external(let module) = graph[current].kind {
        out += "\(indent)  \(graph[current].name) requires it (from \(module)'s interface)\n"
        // Down to the read in that module (and below), as its interface links them.
        for step in graph.dependencyChains.steps(of: key, from: current) {
          let at = "at \(step.file):\(step.line):\(step.column)"
          let place = step.inClosure ? "a closure in \(step.function)" : step.function
          if let type = step.closureType {
            out += "\(indent)    \(place) calls \(type) closures \(at)\(step.calls.map { ", one calls \($0)" } ?? "")\n"
          } else {
            out += step.calls.map { "\(indent)    \(place) calls \($0) \(at)\n" } ?? "\(indent)    read in \(place) \(at)\n"
          }
        }
        break
      }
    }
    return out
  }

  private func explainKey(_ key: KeyName) -> String {
    var providers: [String] = []
    var readers: [String] = []
    for (file, summary) in files.enumerated() {
      for (index, node) in summary.nodes.enumerated() {
        let owner = owningName(file: file, node: index)
        for effect in node.effects {
          switch effect {
          case .provide(let provided, let location) where provided == .spelled(key):
            providers.append("  \(owner) at \(position(location))")
          case .read(let read, let location) where read == key:
            readers.append("  \(owner) at \(position(location))")
          default: break
          }
        }
      }
      for type in summary.declarations.types {
        for stored in type.storedImplicits where stored.key == key {
          readers.append("  stored property of \(type.name) at \(position(stored.location))")
        }
      }
    }
    let id = graph.keyID(key)!
    let requiring = namedBodies().filter { graph.requirements(of: $0.node)[id] != nil }.map { "  \($0.name)" }
    func section(_ title: String, _ lines: [String]) -> String {
      "\(title):\n" + (lines.isEmpty ? "  (none)\n" : lines.sorted().joined(separator: "\n") + "\n")
    }
    return "key \(key.quoted)\n" + section("provided by", providers) + section("read by", readers)
      + section("required by", requiring)
  }

  /// The named function a node belongs to (closures belong to the body that creates them).
  private func owningName(file: Int, node: Int) -> String {
    let summary = files[file]
    if case .closure = summary.nodes[node].kind {
      for (index, candidate) in summary.nodes.enumerated() where index != node {
        for effect in candidate.effects {
          if case .closure(let inner, _, _) = effect, inner == node {
            return owningName(file: file, node: index)
          }
        }
      }
    }
    return summary.nodes[node].name
  }
}
#endif
