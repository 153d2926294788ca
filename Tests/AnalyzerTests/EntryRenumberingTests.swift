#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A renumbered entry's bytes are checked against the function at its new place: by type
/// and base name read from its declaration, or by type and whole signature as the kept
/// order spelled them (`FunctionNameKeys`). A wrong answer either way copies another
/// function's entry into the interface.
@Suite struct EntryRenumberingTests {
  static let source = """
    struct Clock {}
    struct Shop {
      func open(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }
      func open(_ scope: ImplicitScope, at hour: Int) {
        @Implicit var clock: Clock
      }
      static func openAll(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }
    }
    struct Sho {
      func open(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }
    }
    func open(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
    }

    """

  /// The interface's entries as the writer prints them, each from its `{` to its `}`, and
  /// where in it its `"name"` value starts.
  static func entries(_ text: [UInt8]) -> [(bytes: [UInt8], nameAt: Int)] {
    let text = String(decoding: text, as: UTF8.self)
    let functions = text.range(of: "\"functions\" : [")!.upperBound
    let end = text.range(of: "\n  ]", range: functions..<text.endIndex)!.lowerBound
    var entries: [(bytes: [UInt8], nameAt: Int)] = []
    var rest = text[functions..<end]
    while let open = rest.range(of: "\n    {"), let close = rest.range(of: "\n    }", range: open.upperBound..<rest.endIndex) {
      let bytes = Array(rest[rest.index(after: open.lowerBound)..<close.upperBound].utf8)
      let name = Array("\"name\" : \"".utf8)
      let at = (0...(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name }!
      entries.append((bytes, at + name.count))
      rest = rest[close.upperBound...]
    }
    return entries
  }

  @Test func anEntryHoldsOnlyItsOwnFunctionsNameKey() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("renumbering-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Shop.swift").path
    try Self.source.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Analyzer.analyze(AnalysisOptions(moduleName: "Store", sourcePaths: [path]))
    let plan = result.interfacePlan
    let keys = FunctionNameKeys(result, functions: plan.functions.lazy.map { ($0.file, $0.function) })
    let entries = Self.entries(InterfaceWriter.encode(result.interface))
    // open() free, Sho.open(_:), Shop.open(_:), Shop.open(_:at:), Shop.openAll(_:).
    #expect(entries.count == 5)
    #expect(plan.count == entries.count)
    for (position, entry) in entries.enumerated() {
      for other in entries.indices {
        let held = entry.bytes.withUnsafeBytes { keys.names(of: $0, nameAt: entry.nameAt, index: other) }
        #expect(held == (other == position), "entry \(position) against the key of \(other)")
      }
    }
  }

  /// From a declaration only the base name is known: an overload of the same base name
  /// and type passes (the kept order's keys tell them apart), another type or none fails.
  @Test func anEntryHoldsItsTypeAndBaseName() throws {
    let entries = Self.entries(InterfaceWriter.encode(InterfaceTests.sample))
    #expect(entries.count == 2)
    let (send, audit) = (entries[0], entries[1])
    let holds = { (entry: (bytes: [UInt8], nameAt: Int), type: String?, name: String) in
      entry.bytes.withUnsafeBytes { EntryRenumbering.names($0, nameAt: entry.nameAt, type: type, name: name) }
    }
    #expect(holds(send, "Client", "send"))
    #expect(!holds(send, "Client", "sen"))
    #expect(!holds(send, "Clien", "send"))
    #expect(!holds(send, nil, "send"))
    #expect(holds(audit, nil, "audit"))
    #expect(!holds(audit, "Client", "audit"))
  }
}
#endif
