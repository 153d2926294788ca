#if ImplicitsAnalysis
import Foundation

/// Prints a `ModuleInterface` as pretty JSON with keys in sorted order, in one pass over
/// a byte buffer. `JSONEncoder` gives the same shape but is ~10× slower on Linux, and the
/// interface of a large module has tens of thousands of functions.
struct InterfaceWriter {
  private var out: [UInt8] = []

  /// The bytes as built, not a `Data` copy of them (tens of megabytes for a large module).
  static func encode(_ interface: ModuleInterface) -> [UInt8] {
    var writer = InterfaceWriter()
    // ~400 bytes a function (generated modules): growing past the reservation would hold
    // the old and the doubled buffer at once.
    writer.out.reserveCapacity(512 * (interface.functions.count + (interface.valueFunctions?.count ?? 0) + 4))
    var fields: [(String, (inout InterfaceWriter) -> Void)] = [
      ("format", { $0.string(interface.format) }),
      ("formatVersion", { $0.raw(String(interface.formatVersion)) }),
      ("functions", { w in w.array(indent: 1, interface.functions) { w, f in w.function(f, indent: 2) } }),
      ("module", { $0.string(interface.module) }),
      ("namedKeys", { w in
        w.array(indent: 1, interface.namedKeys) { w, key in
          var fields: [(String, (inout InterfaceWriter) -> Void)] = [("access", { $0.string(key.access) })]
          if let hasDefault = key.hasDefault { fields.append(("hasDefault", { $0.raw(String(hasDefault)) })) }
          fields += [("name", { $0.string(key.name) }), ("valueType", { $0.string(key.valueType) })]
          w.object(indent: 2, fields)
        }
      }),
    ]
    if let types = interface.defaultedTypes {
      // Keys stay sorted: "defaultedTypes" comes before "format".
      fields.insert(("defaultedTypes", { w in w.array(indent: 1, types) { w, type in w.string(type) } }), at: 0)
    }
    if let functions = interface.valueFunctions {
      // Keys stay sorted: "valueFunctions" comes last.
      fields.append(("valueFunctions", { w in w.array(indent: 1, functions) { w, f in w.valueFunction(f, indent: 2) } }))
    }
    writer.object(indent: 0, fields)
    writer.out.append(UInt8(ascii: "\n"))
    return writer.out
  }

  private mutating func function(_ function: ModuleInterface.Function, indent: Int) {
    var fields: [(String, (inout InterfaceWriter) -> Void)] = [("access", { $0.string(function.access) })]
    if let chains = function.chains {
      fields.append(("chains", { w in w.array(indent: indent + 1, chains) { w, c in w.chain(c, indent: indent + 2) } }))
    }
    // Keys stay sorted: "isStatic" comes between "chains" and "name".
    if let isStatic = function.isStatic { fields.append(("isStatic", { $0.raw(String(isStatic)) })) }
    fields += [
      ("name", { $0.string(function.name) }),
      ("parameters", { w in w.parameters(function.parameters, indent: indent) }),
      ("requires", { w in w.array(indent: indent + 1, function.requires) { w, key in w.string(key) } }),
      ("spi", { $0.raw(String(function.spi)) }),
    ]
    if let type = function.type { fields.append(("type", { $0.string(type) })) }
    object(indent: indent, fields)
  }

  private mutating func chain(_ chain: ModuleInterface.RequirementChain, indent: Int) {
    object(indent: indent, [
      ("key", { $0.string(chain.key) }),
      ("steps", { w in
        w.array(indent: indent + 1, chain.steps) { w, step in
          var fields: [(String, (inout InterfaceWriter) -> Void)] = []
          if let calls = step.calls { fields.append(("calls", { $0.string(calls) })) }
          fields += [
            ("column", { $0.raw(String(step.column)) }),
            ("file", { $0.string(step.file) }),
            ("function", { $0.string(step.function) }),
            ("line", { $0.raw(String(step.line)) }),
          ]
          w.object(indent: indent + 2, fields)
        }
      }),
    ])
  }

  private mutating func parameters(_ parameters: [ModuleInterface.Parameter], indent: Int) {
    array(indent: indent + 1, parameters) { w, p in
      var fields: [(String, (inout InterfaceWriter) -> Void)] = [
        ("closure", { $0.raw(String(p.closure)) }),
        ("defaulted", { $0.raw(String(p.defaulted)) }),
        ("escaping", { $0.raw(String(p.escaping)) }),
      ]
      if let label = p.label { fields.append(("label", { $0.string(label) })) }
      fields.append(("scope", { $0.raw(String(p.scope)) }))
      if let scopeClosure = p.scopeClosure { fields.append(("scopeClosure", { $0.raw(String(scopeClosure)) })) }
      if let position = p.scopePosition { fields.append(("scopePosition", { $0.raw(String(position)) })) }
      if let variadic = p.variadic { fields.append(("variadic", { $0.raw(String(variadic)) })) }
      w.object(indent: indent + 2, fields)
    }
  }

  private mutating func valueFunction(_ function: ModuleInterface.ValueFunction, indent: Int) {
    var fields: [(String, (inout InterfaceWriter) -> Void)] = [
      ("access", { $0.string(function.access) }),
      ("name", { $0.string(function.name) }),
      ("parameters", { w in w.parameters(function.parameters, indent: indent) }),
      ("returns", { $0.string(function.returns) }),
    ]
    if let type = function.type { fields.append(("type", { $0.string(type) })) }
    object(indent: indent, fields)
  }

  private mutating func object(indent: Int, _ fields: [(String, (inout InterfaceWriter) -> Void)]) {
    out.append(UInt8(ascii: "{"))
    for (index, (key, value)) in fields.enumerated() {
      out.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")])
      pad(indent + 1)
      string(key)
      raw(" : ")
      value(&self)
    }
    out.append(UInt8(ascii: "\n"))
    pad(indent)
    out.append(UInt8(ascii: "}"))
  }

  private mutating func array<T>(indent: Int, _ items: [T], _ item: (inout InterfaceWriter, T) -> Void) {
    guard !items.isEmpty else {
      // JSONEncoder's spelling of an empty array.
      raw("[\n\n")
      pad(indent)
      return raw("]")
    }
    out.append(UInt8(ascii: "["))
    for (index, element) in items.enumerated() {
      out.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")])
      pad(indent + 1)
      item(&self, element)
    }
    out.append(UInt8(ascii: "\n"))
    pad(indent)
    out.append(UInt8(ascii: "]"))
  }

  private mutating func pad(_ indent: Int) {
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  private mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }

  private mutating func string(_ text: String) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\t"): raw("\\t")
      case UInt8(ascii: "\r"): raw("\\r")
      case 0..<0x20: raw(String(format: "\\u%04x", byte))
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
#endif
