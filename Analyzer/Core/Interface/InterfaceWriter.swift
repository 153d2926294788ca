#if ImplicitsAnalysis
import Dispatch
import Foundation

/// Prints a `ModuleInterface` as pretty JSON with keys in sorted order, in one pass over
/// a byte buffer. `JSONEncoder` gives the same shape but is ~10× slower on Linux, and the
/// interface of a large module has tens of thousands of functions. Each field is written
/// where it stands in key order, without a closure or an array per object: building those
/// cost more than the bytes they wrote; the bytes go through a pointer (`ByteBuffer`).
struct InterfaceWriter {
  private let out: ByteBuffer
  /// Where full pieces go; `nil`: the whole text stays in `out`.
  private var sink: OutputFile.Stream?
  /// The size of a piece handed to `sink`.
  private static let piece = 1 << 20

  /// The bytes as built, not a `Data` copy of them (tens of megabytes for a large module).
  static func encode(_ interface: ModuleInterface) -> [UInt8] {
    // ~400 bytes a function (generated modules): growing past the reservation would hold
    // the old and the doubled buffer at once.
    var w = InterfaceWriter(capacity: 512 * (interface.functions.count + (interface.valueFunctions?.count ?? 0) + 4))
    w.write(interface)
    return w.out.array
  }

  private init(capacity: Int) { out = ByteBuffer(capacity: capacity) }

  /// Writes the text to `stream` a piece at a time, each function's entry made as it is
  /// written: a module's interface is never held whole, as bytes or as a model.
  /// - Parameter reuse: where each entry went is recorded in `entries` for the next run;
  ///   with `reprinted` (by position) and the last run's `ranges` in the file `stream`
  ///   replaces, an entry not reprinted is copied from there, not made (`ReprintedEntries`).
  /// - Returns: `false` when a copied entry's bytes could not be read or renumbered: what
  ///   went to `stream` is then not the interface, and the caller prints it anew.
  @discardableResult
  static func encode(_ plan: InterfacePlan, to stream: OutputFile.Stream, reuse: Reuse? = nil) -> Bool {
    var w = InterfaceWriter(capacity: piece + 64 * 1024)
    w.sink = stream
    w.reuse = reuse
    w.keyText = RequiredKeyText(names: (0..<plan.keyCount).map(plan.keyName))
    w.write(plan.header, functions: plan.count) { position in
      let (entry, links) = plan.unformattedEntry(at: position, requires: false)
      return (entry, links, plan.requiredKeys(at: position))
    }
    stream.write(w.out.bytes)
    return !w.failed
  }

  /// The last run's entries to copy, and where this run's go.
  struct Reuse: Sendable {
    var entries: ReusedEntries
    var reprinted: [Bool]?
    /// Each of the last run's entries' bytes in the old file, by its position.
    var ranges: [Range<Int>]
    /// Per position of this run, the last run's position of a copied entry.
    var oldPositions: [Int]
    /// How the copied entries' numbers are rewritten; `nil` when none moved.
    var renumbering: EntryRenumbering?
    /// Whether a renumbered entry's bytes (its `"name"` value at the given offset) are of
    /// the function at a position (`EntryRenumbering.append(_:to:named:)`).
    var names: (@Sendable (_ entry: UnsafeRawBufferPointer, _ nameAt: Int, _ position: Int) -> Bool)?
  }

  /// Whether a copied entry could not be read or renumbered.
  private var failed = false

  private var reuse: Reuse?

  /// With a plan: each required key's printed text, by key id.
  private var keyText: RequiredKeyText?

  /// Each required key's quoted, escaped text, made once: a module has tens of keys, and
  /// its functions require them over and over (a dozen each in generated modules; escaped
  /// anew each time they were a seventh of the writer).
  private struct RequiredKeyText: Sendable {
    /// The texts one after another; `ranges[id]` is where key `id`'s is.
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []

    init(names: [String]) {
      for name in names {
        let text = InterfaceWriter(capacity: 64)
        text.string(name)
        ranges.append(bytes.count..<(bytes.count + text.out.count))
        bytes.append(contentsOf: text.out.bytes)
      }
    }

    /// Prints `ids` as the items of a `requires` array at `indent`.
    func write(_ ids: [Int], indent: Int, to out: ByteBuffer) {
      bytes.withUnsafeBytes { all in
        for (index, id) in ids.enumerated() {
          out.appendItem(UnsafeRawBufferPointer(rebasing: all[ranges[id]]), indent: indent, first: index == 0)
        }
      }
    }
  }

  private mutating func write(_ interface: ModuleInterface) {
    write(interface, functions: interface.functions.count) { (interface.functions[$0], nil, nil) }
  }

  /// - Parameter function: the entry at a position, and the links and required keys' ids
  ///   to print when its `links` and `requires` are not filled in.
  private mutating func write(
    _ interface: ModuleInterface, functions count: Int,
    _ function: @escaping @Sendable (Int) -> (ModuleInterface.Function, links: [RequirementLink?]?, keys: [Int]?)
  ) {
    var first = true
    out.append(UInt8(ascii: "{"))
    if let aliases = interface.closureAliases {
      key("closureAliases", indent: 0, first: &first)
      array(indent: 1, aliases) { w, a in w.closureAlias(a, indent: 2) }
    }
    if let functions = interface.closureFunctions {
      key("closureFunctions", indent: 0, first: &first)
      array(indent: 1, functions) { w, f in w.closureFunction(f, indent: 2) }
    }
    if let runners = interface.closureRunners {
      key("closureRunners", indent: 0, first: &first)
      array(indent: 1, runners) { w, r in w.closureRunner(r, indent: 2) }
    }
    if let types = interface.closureTypes {
      key("closureTypes", indent: 0, first: &first)
      array(indent: 1, types) { w, type in w.string(type) }
    }
    if let types = interface.defaultedTypes {
      key("defaultedTypes", indent: 0, first: &first)
      array(indent: 1, types) { w, type in w.string(type) }
    }
    if let files = interface.files {
      key("files", indent: 0, first: &first)
      array(indent: 1, files) { w, file in w.string(file) }
    }
    key("format", indent: 0, first: &first)
    string(interface.format)
    key("formatVersion", indent: 0, first: &first)
    out.appendDecimal(interface.formatVersion)
    key("functions", indent: 0, first: &first)
    functions(count: count, indent: 1, function)
    key("module", indent: 0, first: &first)
    string(interface.module)
    key("namedKeys", indent: 0, first: &first)
    array(indent: 1, interface.namedKeys) { w, key in w.namedKey(key, indent: 2) }
    if let properties = interface.properties {
      key("properties", indent: 0, first: &first)
      array(indent: 1, properties) { w, p in w.property(p, indent: 2) }
    }
    if let protocols = interface.protocols {
      key("protocols", indent: 0, first: &first)
      array(indent: 1, protocols) { w, name in w.string(name) }
    }
    if let functions = interface.valueFunctions {
      key("valueFunctions", indent: 0, first: &first)
      array(indent: 1, functions) { w, f in w.valueFunction(f, indent: 2) }
    }
    close(indent: 0)
    out.append(UInt8(ascii: "\n"))
  }

  /// The `functions` array, whose `[` is at `indent`. Each entry depends only on its
  /// function, so runs of entries are printed on all cores into buffers of their own and
  /// handed on in order as they are done (`Pieces`; the entries were most of the serial
  /// outputs' cost); a few runs per core ahead of the writing, so the text is still handed
  /// on as it is made, never held whole.
  private mutating func functions(
    count: Int, indent: Int,
    _ function: @escaping @Sendable (Int) -> (ModuleInterface.Function, links: [RequirementLink?]?, keys: [Int]?)
  ) {
    guard count > 0 else { return array(indent: indent, EmptyCollection<Int>()) { _, _ in } }
    out.append(UInt8(ascii: "["))
    let run = 128
    let runs = (count + run - 1) / run
    let keyText = self.keyText
    let reuse = self.reuse
    let old = sink
    // What is printed before the functions goes first.
    if let sink, out.count > 0 {
      sink.write(out.bytes)
      out.removeAll()
    }
    let pieces = Pieces(
      ahead: 4 * ProcessInfo.processInfo.activeProcessorCount, sink: sink, out: out, entries: reuse?.entries)
    DispatchQueue.concurrentPerform(iterations: runs) { index in
      pieces.waitForTurn(index)
      var w = InterfaceWriter(capacity: run * 512)
      w.keyText = keyText
      var piece = Piece(bytes: w.out)
      // Bytes of the old file put between this piece's bytes so far.
      var inserted = 0
      let first = index * run
      let positions = first..<min(count, first + run)
      let renumbered = reuse.flatMap { reuse in reuse.renumbering.map { (reuse, $0) } }.flatMap { reuse, renumbering in
        old.flatMap { OldEntries(reuse, positions, from: $0) }.map { ($0, renumbering) }
      }
      if reuse?.renumbering != nil && renumbered == nil { piece.failed = true }
      // Taken apart once a piece: binding `reuse` for each entry copied the struct, five
      // retains and releases an entry (24 M instructions on the main thread alone at
      // 5,000 generated files). Without `reprinted` (empty) every entry is printed.
      let recording = reuse != nil
      let reprinted = reuse?.reprinted ?? []
      let ranges = reuse?.ranges ?? []
      let oldPositions = reuse?.oldPositions ?? []
      let names = reuse?.names
      for position in positions {
        let at = w.out.count + inserted
        // An entry's recorded bytes start with the separator before it, so that entries
        // that were adjacent are copied as one range.
        if position < reprinted.count && !reprinted[position] {
          let old = ranges[oldPositions[position]]
          if let (bytes, renumbering) = renumbered {
            let named = { (entry: UnsafeRawBufferPointer, nameAt: Int) in names?(entry, nameAt, position) ?? false }
            if !bytes.withBytes(of: old, { renumbering.append($0, to: w.out, named: named) }) {
              piece.failed = true
            }
            piece.entries.append((position, at, w.out.count + inserted - at, true, true))
            continue
          }
          if let last = piece.inserts.last, last.at == w.out.count, last.old.upperBound == old.lowerBound {
            piece.inserts[piece.inserts.count - 1].old = last.old.lowerBound..<old.upperBound
          } else {
            piece.inserts.append((w.out.count, old))
          }
          inserted += old.count
          piece.entries.append((position, at, old.count, true, false))
          continue
        }
        if position > 0 { w.out.append(UInt8(ascii: ",")) }
        w.out.append(UInt8(ascii: "\n"))
        w.pad(indent + 1)
        let (entry, links, keys) = function(position)
        w.function(entry, links: links, keys: keys, indent: indent + 1)
        if recording { piece.entries.append((position, at, w.out.count + inserted - at, false, false)) }
      }
      pieces.add(piece, at: index)
    }
    if pieces.failed { failed = true }
    out.append(UInt8(ascii: "\n"))
    pad(indent)
    out.append(UInt8(ascii: "]"))
  }

  /// - Parameters:
  ///   - links: the links to print when `function.links` is `nil`.
  ///   - keys: the ids of the required keys to print instead of `function.requires`
  ///     (`keyText` has their names).
  private mutating func function(
    _ function: ModuleInterface.Function, links: [RequirementLink?]?, keys: [Int]?, indent: Int
  ) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("access", indent: indent, first: &first)
    string(function.access)
    if let conditions = function.conditions {
      key("conditions", indent: indent, first: &first)
      array(indent: indent + 1, conditions) { w, condition in w.string(condition) }
    }
    if let file = function.file {
      key("file", indent: indent, first: &first)
      out.appendDecimal(file)
    }
    if let isAsync = function.isAsync {
      key("isAsync", indent: indent, first: &first)
      bool(isAsync)
    }
    if let isStatic = function.isStatic {
      key("isStatic", indent: indent, first: &first)
      bool(isStatic)
    }
    if let links = function.links {
      key("links", indent: indent, first: &first)
      string(links)
    } else if let links {
      key("links", indent: indent, first: &first)
      out.append(UInt8(ascii: "\""))
      RequirementLink.format(links, to: out)
      out.append(UInt8(ascii: "\""))
    }
    key("name", indent: indent, first: &first)
    string(function.name)
    key("parameters", indent: indent, first: &first)
    parameters(function.parameters, indent: indent)
    key("requires", indent: indent, first: &first)
    if let keys, !keys.isEmpty {
      out.append(UInt8(ascii: "["))
      keyText!.write(keys, indent: indent + 2, to: out)
      out.append(UInt8(ascii: "\n"))
      pad(indent + 1)
      out.append(UInt8(ascii: "]"))
    } else {
      array(indent: indent + 1, function.requires) { w, key in w.string(key) }
    }
    key("spi", indent: indent, first: &first)
    bool(function.spi)
    if let bodies = function.stepFunctions {
      key("stepFunctions", indent: indent, first: &first)
      array(indent: indent + 1, bodies) { w, body in w.string(body) }
    }
    if let type = function.type {
      key("type", indent: indent, first: &first)
      string(type)
    }
    close(indent: indent)
  }

  private mutating func namedKey(_ namedKey: ModuleInterface.NamedKey, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("access", indent: indent, first: &first)
    string(namedKey.access)
    if let hasDefault = namedKey.hasDefault {
      key("hasDefault", indent: indent, first: &first)
      bool(hasDefault)
    }
    key("name", indent: indent, first: &first)
    string(namedKey.name)
    key("valueType", indent: indent, first: &first)
    string(namedKey.valueType)
    close(indent: indent)
  }

  private mutating func property(_ property: ModuleInterface.Property, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("access", indent: indent, first: &first)
    string(property.access)
    if let isStatic = property.isStatic {
      key("isStatic", indent: indent, first: &first)
      bool(isStatic)
    }
    key("name", indent: indent, first: &first)
    string(property.name)
    key("type", indent: indent, first: &first)
    string(property.type)
    key("valueType", indent: indent, first: &first)
    string(property.valueType)
    close(indent: indent)
  }

  private mutating func parameters(_ parameters: [ModuleInterface.Parameter], indent: Int) {
    array(indent: indent + 1, parameters) { w, p in w.parameter(p, indent: indent + 2) }
  }

  private mutating func parameter(_ p: ModuleInterface.Parameter, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("closure", indent: indent, first: &first)
    bool(p.closure)
    key("defaulted", indent: indent, first: &first)
    bool(p.defaulted)
    key("escaping", indent: indent, first: &first)
    bool(p.escaping)
    if let label = p.label {
      key("label", indent: indent, first: &first)
      string(label)
    }
    if let declares = p.rootScopeDeclares {
      key("rootScopeDeclares", indent: indent, first: &first)
      array(indent: indent + 1, declares) { w, key in w.string(key) }
    }
    key("scope", indent: indent, first: &first)
    bool(p.scope)
    if let scopeClosure = p.scopeClosure {
      key("scopeClosure", indent: indent, first: &first)
      bool(scopeClosure)
    }
    if let position = p.scopePosition {
      key("scopePosition", indent: indent, first: &first)
      out.appendDecimal(position)
    }
    if let variadic = p.variadic {
      key("variadic", indent: indent, first: &first)
      bool(variadic)
    }
    close(indent: indent)
  }

  private mutating func valueFunction(_ function: ModuleInterface.ValueFunction, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("access", indent: indent, first: &first)
    string(function.access)
    key("name", indent: indent, first: &first)
    string(function.name)
    key("parameters", indent: indent, first: &first)
    parameters(function.parameters, indent: indent)
    key("returns", indent: indent, first: &first)
    string(function.returns)
    if let type = function.type {
      key("type", indent: indent, first: &first)
      string(type)
    }
    close(indent: indent)
  }

  private mutating func closureFunction(_ function: ModuleInterface.ClosureFunction, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("access", indent: indent, first: &first)
    string(function.access)
    if let isAsync = function.isAsync {
      key("isAsync", indent: indent, first: &first)
      bool(isAsync)
    }
    if let isStatic = function.isStatic {
      key("isStatic", indent: indent, first: &first)
      bool(isStatic)
    }
    key("name", indent: indent, first: &first)
    string(function.name)
    key("parameters", indent: indent, first: &first)
    parameters(function.parameters, indent: indent)
    if let type = function.type {
      key("type", indent: indent, first: &first)
      string(type)
    }
    close(indent: indent)
  }

  private mutating func closureAlias(_ alias: ModuleInterface.ClosureAlias, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    key("arity", indent: indent, first: &first)
    out.appendDecimal(alias.arity)
    key("name", indent: indent, first: &first)
    string(alias.name)
    if let properties = alias.properties {
      key("properties", indent: indent, first: &first)
      array(indent: indent + 1, properties) { w, property in w.string(property) }
    }
    key("scopePosition", indent: indent, first: &first)
    out.appendDecimal(alias.scopePosition)
    close(indent: indent)
  }

  private mutating func closureRunner(_ runner: ModuleInterface.ClosureRunner, indent: Int) {
    var first = true
    out.append(UInt8(ascii: "{"))
    if let isStatic = runner.isStatic {
      key("isStatic", indent: indent, first: &first)
      bool(isStatic)
    }
    key("name", indent: indent, first: &first)
    string(runner.name)
    if let type = runner.type {
      key("type", indent: indent, first: &first)
      string(type)
    }
    key("types", indent: indent, first: &first)
    array(indent: indent + 1, runner.types) { w, type in w.string(type) }
    close(indent: indent)
  }

  /// Starts a field of the object whose `{` is at `indent`: the separator, the padding and
  /// `"name" : `. Field names are ASCII without characters to escape.
  private mutating func key(_ name: StaticString, indent: Int, first: inout Bool) {
    out.appendField(name, indent: indent + 1, first: first)
    first = false
  }

  /// Ends the object whose `{` is at `indent`.
  private mutating func close(indent: Int) {
    out.append(UInt8(ascii: "\n"))
    pad(indent)
    out.append(UInt8(ascii: "}"))
  }

  private mutating func array<Items: Collection>(
    indent: Int, _ items: Items, _ item: (inout InterfaceWriter, Items.Element) -> Void
  ) {
    guard !items.isEmpty else {
      // JSONEncoder's spelling of an empty array.
      out.append("[\n\n")
      pad(indent)
      return out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "["))
    for (index, element) in items.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\n"))
      pad(indent + 1)
      item(&self, element)
      drain()
    }
    out.append(UInt8(ascii: "\n"))
    pad(indent)
    out.append(UInt8(ascii: "]"))
  }

  /// Hands a full piece to the sink, between elements of an array.
  private mutating func drain() {
    guard let sink, out.count >= Self.piece else { return }
    sink.write(out.bytes)
    out.removeAll()
  }

  private func pad(_ indent: Int) { out.append(repeating: UInt8(ascii: " "), count: 2 * indent) }

  private func bool(_ value: Bool) { out.append(value ? "true" : "false") }

  private func string(_ text: String) {
    out.append(UInt8(ascii: "\""))
    // Native strings are contiguous UTF-8; the copy in `withUTF8` is for bridged ones.
    if text.utf8.withContiguousStorageIfAvailable({ write(escaping: UnsafeRawBufferPointer($0)) }) == nil {
      var text = text
      text.withUTF8 { write(escaping: UnsafeRawBufferPointer($0)) }
    }
    out.append(UInt8(ascii: "\""))
  }

  private func write(escaping bytes: UnsafeRawBufferPointer) {
    // Almost every name needs no escape: copy those whole.
    guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
      return out.append(bytes)
    }
    for byte in bytes { escape(byte) }
  }

  private func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): out.append("\\\"")
    case UInt8(ascii: "\\"): out.append("\\\\")
    case UInt8(ascii: "\n"): out.append("\\n")
    case UInt8(ascii: "\t"): out.append("\\t")
    case UInt8(ascii: "\r"): out.append("\\r")
    case 0..<0x20:
      let hex: StaticString = "0123456789abcdef"
      out.append("\\u00")
      out.append(hex.utf8Start[Int(byte >> 4)])
      out.append(hex.utf8Start[Int(byte & 0xf)])
    default: out.append(byte)
    }
  }
}
#endif
