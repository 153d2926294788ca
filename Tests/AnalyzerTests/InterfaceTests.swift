#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

@Suite struct InterfaceTests {
  static let sample = ModuleInterface(
    module: "Core",
    functions: [
      .init(
        type: "Client", name: "send(_:retries:)",
        parameters: [
          .init(label: nil, scope: true, defaulted: false, closure: false, escaping: false),
          .init(label: "retries", scope: false, defaulted: true, closure: false, escaping: false),
        ],
        access: "public", spi: false, requires: ["Session", "\\.region"], isStatic: true,
        chains: [
          .init(key: "Session", steps: [
            .init(function: "Client.send(_:retries:)", calls: "sign(_:)", file: "/src/Core/Client.swift", line: 12, column: 5),
            .init(function: "sign(_:)", file: "/src/Core/\"Auth\".swift", line: 3, column: 17),
          ]),
          .init(key: "\\.region", steps: []),
        ]),
      .init(type: nil, name: "audit(_:)", parameters: [], access: "internal", spi: true, requires: []),
    ],
    namedKeys: [.init(name: "region", valueType: "String \"quoted\"\n", access: "public")])

  /// Every optional field present, and the values that are absent from `sample`: a
  /// closure that takes the scope second, variadic, static false, defaulted named keys,
  /// value functions and defaulted types, each written by its own code in the writer.
  static let everyField = ModuleInterface(
    module: "Store\tKit",
    functions: [
      .init(
        type: "Cart", name: "each(_:_:)",
        parameters: [
          .init(label: "with", scope: false, defaulted: false, closure: true, escaping: true,
                scopeClosure: true, variadic: nil, scopePosition: 1),
          .init(label: nil, scope: false, defaulted: true, closure: false, escaping: false,
                scopeClosure: nil, variadic: true, scopePosition: nil),
        ],
        access: "package", spi: true, requires: ["Dictionary<String, Int>"], isStatic: false,
        chains: [.init(key: "Dictionary<String, Int>", steps: [
          .init(function: "Cart.each(_:_:)", file: "C:\\src\\Cart.swift", line: 1, column: 1),
        ])]),
    ],
    namedKeys: [
      .init(name: "locale", valueType: "Locale", access: "internal", hasDefault: true),
      .init(name: "zone", valueType: "\u{1}Zone", access: "public", hasDefault: false),
    ],
    defaultedTypes: ["Clock", "Store.Logger"],
    valueFunctions: [
      .init(type: nil, name: "open", parameters: [], access: "public", returns: "Database"),
      .init(
        type: "Pool", name: "make",
        parameters: [.init(label: "size", scope: false, defaulted: true, closure: false, escaping: false)],
        access: "internal", returns: "Pool"),
    ])

  /// The hand-written writer prints exactly what `JSONEncoder` with sorted keys would.
  @Test(arguments: [sample, everyField])
  func writerMatchesJSONEncoder(interface: ModuleInterface) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var expected = try encoder.encode(interface)
    expected.append(UInt8(ascii: "\n"))
    let written = interface.encoded()
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  @Test func roundTrips() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(Self.sample.encoded()).write(to: url)
    #expect(try ModuleInterface.read(from: url.path) == Self.sample)
  }

  /// Interfaces written before `isStatic` was recorded still read; their members then
  /// match static and instance calls alike.
  @Test func readsFilesWithoutIsStatic() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("old-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: url) }
    let text = String(decoding: Self.sample.encoded(), as: UTF8.self)
    let old = text.replacingOccurrences(of: "\"isStatic\" : true,\n", with: "")
    #expect(old != text)
    try Data(old.utf8).write(to: url)
    let read = try ModuleInterface.read(from: url.path)
    #expect(read.functions[0].isStatic == nil)
    #expect(read.functions[0].name == "send(_:retries:)")
  }

  /// Interfaces written before requirement chains were recorded still read, and an error
  /// in a dependant then gets the note at the call into the module and nothing past it.
  @Test func readsFilesWithoutChains() throws {
    let directory = Fixture.root.appendingPathComponent("cross-module-app-chain")
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("old-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let services = try Analyzer.analyze(AnalysisOptions(
      moduleName: "Services",
      sourcePaths: ["FeedService.swift", "Logging.swift"].map { directory.appendingPathComponent("1-Services/" + $0).path }))
    let text = String(decoding: services.interface.encoded(), as: UTF8.self)
    #expect(text.contains("\"chains\""))
    let old = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    var functions = old["functions"] as! [[String: Any]]
    for index in functions.indices { functions[index]["chains"] = nil }
    var stripped = old
    stripped["functions"] = functions
    try JSONSerialization.data(withJSONObject: stripped).write(to: temporary)
    #expect(try ModuleInterface.read(from: temporary.path).functions.allSatisfy { $0.chains == nil })

    var options = AnalysisOptions(
      moduleName: "Feature", sourcePaths: [directory.appendingPathComponent("2-Feature/FeedViewModel.swift").path])
    options.dependencyInterfaces = [temporary.path]
    let errors = try Analyzer.analyze(options).diagnostics.filter { $0.id == .unresolvedImplicit }
    #expect(errors.count == 1)
    #expect(errors.first?.notes.map(\.message) == ["'Logger' is required by the call to 'load(_:)' here"])
  }

  /// A chain that does not decode names the interface file and the field.
  @Test(arguments: [
    ("\"line\" : 12", "\"line\" : \"twelve\"", "'functions[0].chains[0].steps[0].line': expected Int"),
    ("\"file\" : \"/src/Core/Client.swift\",", "", "'functions[0].chains[0].steps[0].file' is missing"),
    ("\"key\" : \"Session\",", "", "'functions[0].chains[0].key' is missing"),
  ])
  func rejectsMalformedChains(original: String, replacement: String, reason: String) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: url) }
    let text = String(decoding: Self.sample.encoded(), as: UTF8.self)
    let bad = text.replacingOccurrences(of: original, with: replacement)
    #expect(bad != text)
    try Data(bad.utf8).write(to: url)
    #expect {
      try ModuleInterface.read(from: url.path)
    } throws: { error in
      let description = String(describing: error)
      return description.hasPrefix(url.path + ": error: malformed implicit interface") && description.contains(reason)
    }
  }
}
#endif
