#if ImplicitsAnalysis
import Foundation

/// Output formats of `graph`.
public enum GraphFormat: String, CaseIterable, Sendable {
  case dot, json
}

extension AnalysisResult {
  /// Functions and keys with `requires`, `provides` and `calls` edges, sorted so that the
  /// same module prints the same bytes.
  public func renderGraph(_ format: GraphFormat) -> String {
    let model = graphModel()
    switch format {
    case .dot: return dot(model)
    case .json: return json(model)
    }
  }

  struct GraphModel: Encodable {
    struct Function: Encodable {
      var name: String
      var location: String
      var requires: [String]
      var reads: [String]
      var provides: [String]
      var calls: [String]
    }
    var module: String
    var functions: [Function]
    var keys: [String]
  }

  /// Named, non-closure bodies of the module, and the initializers its subclasses inherit
  /// (`index` -1: no body of the file; they call their superclass's and read the
  /// subclass's stored implicits), which `explain` and `graph` name like any initializer.
  func namedBodies() -> [(name: String, node: NodeID, file: Int, index: Int)] {
    var result: [(String, NodeID, Int, Int)] = []
    for (file, summary) in files.enumerated() {
      for (index, node) in summary.nodes.enumerated() {
        switch node.kind {
        case .function, .topLevel, .accessor: result.append((node.name, solved.nodes(of: FileID(file)).bodies[index], file, index))
        case .closure: continue
        }
      }
      for inherited in inheritedEntries.entries(of: file) { result.append((graph[inherited.node].name, inherited.node, file, -1)) }
    }
    return result
  }

  private func graphModel() -> GraphModel {
    var functions: [GraphModel.Function] = []
    var keys: Set<String> = []
    for body in namedBodies() {
      var reads: Set<String> = []
      var provides: Set<String> = []
      for effect in allEffects(file: body.file, node: body.index) {
        switch effect {
        case .read(let key, _): reads.insert(key)
        case .provide(let key, _): provides.insert(key.spelling)
        default: break
        }
      }
      var calls: Set<String> = []
      // An inherited initializer calls its superclass's (its one `.call` edge).
      for edge in body.index < 0 ? graph[body.node].edges : [] {
        if case .call = edge.role, case .node(let callee) = edge.source { calls.insert(graph[callee].name) }
      }
      for case .call(let site) in allEffects(file: body.file, node: body.index) {
        for candidate in solved.symbols.candidates(for: site, file: FileID(body.file)) where solved.symbols.callables[candidate].isImplicit {
          calls.insert(graph[solved.symbols.callables[candidate].node].name)
        }
      }
      let requires = graph.requirementNames(of: body.node)
      keys.formUnion(requires)
      keys.formUnion(reads)
      keys.formUnion(provides)
      let location = graph[body.node].location.map(position) ?? ""
      functions.append(.init(
        name: body.name, location: location, requires: requires, reads: reads.sorted(),
        provides: provides.sorted(), calls: calls.sorted()))
    }
    functions.sort { ($0.name, $0.location) < ($1.name, $1.location) }
    return GraphModel(module: options.moduleName, functions: functions, keys: keys.sorted())
  }

  /// Effects of a body and of the closures it runs in place, in source order.
  func allEffects(file: Int, node: Int) -> [Effect] {
    var effects: [Effect] = []
    guard node >= 0 else { return effects }
    for effect in files[file].nodes[node].effects {
      effects.append(effect)
      if case .closure(let inner, _, _) = effect { effects += allEffects(file: file, node: inner) }
    }
    return effects
  }

  private func dot(_ model: GraphModel) -> String {
    func quote(_ s: String) -> String {
      "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    var out = "digraph \(quote(model.module)) {\n  rankdir=LR;\n  node [shape=box];\n"
    for key in model.keys { out += "  \(quote("key " + key)) [label=\(quote(key)), shape=ellipse];\n" }
    for function in model.functions {
      let label = function.requires.isEmpty ? function.name : function.name + "\\nrequires: " + function.requires.joined(separator: ", ")
      out += "  \(quote(function.name)) [label=\(quote(label).replacingOccurrences(of: "\\\\n", with: "\\n"))];\n"
    }
    for function in model.functions {
      for callee in function.calls { out += "  \(quote(function.name)) -> \(quote(callee)) [label=\"calls\"];\n" }
      for key in function.reads { out += "  \(quote(function.name)) -> \(quote("key " + key)) [label=\"reads\", style=dashed];\n" }
      for key in function.provides { out += "  \(quote("key " + key)) -> \(quote(function.name)) [label=\"provided by\", style=bold];\n" }
    }
    return out + "}\n"
  }

  private func json(_ model: GraphModel) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(model)) ?? Data(), as: UTF8.self) + "\n"
  }
}
#endif
