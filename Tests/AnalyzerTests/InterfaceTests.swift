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
        file: 0, links: "12:5>1 -"),
      .init(type: nil, name: "audit(_:)", parameters: [], access: "internal", spi: true, requires: ["Session"],
            file: 1, links: "0:3:17"),
    ],
    namedKeys: [.init(name: "region", valueType: "String \"quoted\"\n", access: "public")],
    files: ["/src/Core/Client.swift", "/src/Core/\"Auth\".swift"])

  /// Every optional field present, and the values that are absent from `sample`: a
  /// closure that takes the scope second, variadic, static false, defaulted named keys,
  /// value functions, closure functions and defaulted types, each written by its own code
  /// in the writer.
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
        access: "package", spi: true, requires: ["Dictionary<String, Int>"], conditions: ["DEBUG && !os(iOS)"],
        isStatic: false,
        file: 0, links: "1:1*~0>Pricing#12", stepFunctions: ["Cart.restore()"], isAsync: true),
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
    ],
    properties: [
      .init(type: "Container", name: "shared", access: "public", isStatic: true, valueType: "Container"),
      .init(type: "Container", name: "database", access: "internal", isStatic: nil, valueType: "Database?"),
    ],
    closureFunctions: [
      .init(
        type: nil, name: "schedule(_:)",
        parameters: [.init(label: nil, scope: false, defaulted: false, closure: true, escaping: true)], access: "public"),
      .init(
        type: "Cache", name: "readings(for:load:)",
        parameters: [
          .init(label: "for", scope: false, defaulted: false, closure: false, escaping: false),
          .init(label: "load", scope: false, defaulted: false, closure: true, escaping: false),
        ],
        access: "internal", isStatic: false),
      .init(
        type: nil, name: "withDependencies(_:_:)",
        parameters: [
          .init(label: nil, scope: false, defaulted: false, closure: false, escaping: false),
          .init(
            label: nil, scope: false, defaulted: false, closure: true, escaping: false, scopeClosure: true,
            rootScopeDeclares: ["Logger", "\\.region@Pricing"]),
        ],
        access: "public", isAsync: false),
    ],
    closureRunners: [
      .init(type: "Router", name: "handle(_:_:)", isStatic: false, types: ["(_, ImplicitScope)", "Router#onMissing"]),
      .init(type: nil, name: "fire(_:)", types: ["Handler"]),
    ],
    closureAliases: [
      .init(name: "Handler", arity: 2, scopePosition: 1, properties: ["Router#onRoute", "Router#routes"]),
      .init(name: "Step", arity: 1, scopePosition: 0),
    ],
    closureTypes: ["Cart#onChange"],
    files: ["C:\\src\\Cart.swift"])

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

  /// The streamed interface (links printed as bytes from the plan) is the model's text,
  /// for links within the module and into a dependency (`Module#index`).
  @Test func streamedPlanMatchesTheModel() throws {
    let services = try Self.analyzeServices()
    let dependency = try Self.streamed(services)
    #expect(dependency == services.interface.encoded())
    #expect(String(decoding: dependency, as: UTF8.self).contains("\"links\""))

    // A view model's reload passes the scope on into Services: its link names the callee there.
    let directory = try ScratchDirectory()
    let reload = try directory.write("ReloadingViewModel.swift", """
      import Services

      final class ReloadingViewModel {
        private let service = FeedService()
        private(set) var posts: [Post] = []

        func reload(_ scope: ImplicitScope) {
          posts = service.load(scope)
        }
      }
      """)
    var options = AnalysisOptions(moduleName: "Feature", sourcePaths: [reload])
    options.dependencyInterfaces = [try Self.write(Data(dependency))]
    let feature = try Analyzer.analyze(options)
    let text = try Self.streamed(feature)
    #expect(text == feature.interface.encoded())
    #expect(String(decoding: text, as: UTF8.self).contains(">Services#"))
  }

  /// The streamed interface prints each required key from its id (the text made once per
  /// key): named keys escaped, keys shared by several functions, a function requiring
  /// nothing, and links into another file (files renumbered in the plan) as the model has them.
  @Test func streamedPlanPrintsRequiredKeysAsTheModel() throws {
    let directory = try ScratchDirectory()
    let keys = try directory.write("Keys.swift", """
      extension ImplicitsKeys { public static let darkMode = Key<Bool>() }
      extension ImplicitsKeys { static let retries = Key<Int>(default: 3) }
      """)
    let settings = try directory.write("SettingsStore.swift", """
      final class SettingsStore {
        @Implicit var theme: Theme

        func apply(_ scope: ImplicitScope) {
          @Implicit(\\.darkMode) var dark
          @Implicit(\\.retries) var retries
          _ = (dark, retries, theme)
        }
      }
      """)
    let screen = try directory.write("SettingsScreen.swift", """
      struct Theme {}

      func showSettings(_ scope: ImplicitScope, store: SettingsStore) {
        @Implicit(\\.darkMode) var dark
        store.apply(scope)
        _ = dark
      }

      func idle(_ scope: ImplicitScope) {}

      extension SettingsStore {
        func summary(_ scope: ImplicitScope) { _ = theme }
      }

      public func reload(_ scope: ImplicitScope) {
        @Implicit var theme: Theme
        @Implicit(\\.darkMode) var dark
        _ = (theme, dark)
      }
      """)
    let result = try Analyzer.analyze(AnalysisOptions(moduleName: "Settings", sourcePaths: [keys, settings, screen]))
    let text = try Self.streamed(result)
    #expect(text == result.interface.encoded())
    let printed = String(decoding: text, as: UTF8.self)
    #expect(printed.contains(#""\\.darkMode""#))
    #expect(result.interface.functions.contains { $0.requires.isEmpty })
    #expect(result.interface.functions.filter { $0.requires.contains("\\.darkMode") }.count >= 2)
  }

  /// An interface of hundreds of functions is linked and printed in runs on all cores:
  /// the text is still `JSONEncoder`'s, and a dependant's notes follow the links down a
  /// chain of 300 calls whose callees sort far from their callers (`step10` after `step1`),
  /// across the runs' boundaries, to the read.
  @Test func longChainsAcrossRunsKeepTheirLinks() throws {
    let directory = try ScratchDirectory()
    var paths: [String] = []
    for file in 0..<30 {
      var text = file == 0 ? "public struct AuditLog {}\n" : ""
      text += "public final class Stage\(file) {\n  public init() {}\n"
      for step in (file * 10)..<(file * 10 + 10) {
        let body = step == 299 ? "@Implicit var log: AuditLog\n    _ = log" : "Self.step\(step + 1)(scope)"
        let owner = (step + 1) / 10 == file || step == 299 ? "Self" : "Stage\((step + 1) / 10)"
        text += "  public static func step\(step)(_ scope: ImplicitScope) {\n    \(body.replacingOccurrences(of: "Self.", with: owner + "."))\n  }\n"
      }
      paths.append(try directory.write("Stage\(file).swift", text + "}\n"))
    }
    let chain = try Analyzer.analyze(AnalysisOptions(moduleName: "Chain", sourcePaths: paths))
    #expect(chain.diagnostics.isEmpty)
    let text = try Self.streamed(chain)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    #expect(String(decoding: text, as: UTF8.self) == String(decoding: try encoder.encode(chain.interface) + [10], as: UTF8.self))

    let app = try directory.write("App.swift", """
      import Chain

      func launch() {
        let scope = ImplicitScope()
        defer { scope.end() }
        Stage0.step0(scope)
      }
      """)
    var options = AnalysisOptions(moduleName: "App", sourcePaths: [app])
    options.dependencyInterfaces = [try directory.write("Chain.implicitinterface", String(decoding: text, as: UTF8.self))]
    let errors = try Analyzer.analyze(options).diagnostics.filter { $0.id == .unresolvedImplicit }
    let notes = try #require(errors.first?.notes.map(\.message))
    #expect(notes.count == 301)
    #expect(notes[150].hasPrefix("'AuditLog' is required by the call to 'step150(_:)' in 'Stage14.step149(_:)' at \(directory.path("Stage14.swift")):"))
    #expect(notes.last?.hasPrefix("'AuditLog' is read in 'Stage29.step299(_:)' at \(directory.path("Stage29.swift")):") == true)
  }

  /// Functions that take a closure but no scope are listed with their parameters, once per
  /// declaration (also when declared in each clause of an `#if`); others are not.
  @Test func listsFunctionsThatTakeAClosureButNoScope() throws {
    let directory = try ScratchDirectory()
    let path = try directory.write("Cache.swift", """
      import Implicits
      public final class Cache {
        public func readings(for id: Int, load: () -> Int) -> Int { load() }
        public static func shared(_ make: @escaping () -> Cache) {}
        func refresh(_ body: () -> Void) {}
        private func hidden(_ body: () -> Void) {}
        public func plain(_ id: Int) {}
        public func scoped(_ body: () -> Void, _ scope: ImplicitScope) {}
      }
      #if DEBUG
      public func schedule(_ work: @escaping () -> Void) {}
      #else
      public func schedule(_ work: @escaping () -> Void) {}
      #endif

      """)
    let interface = try Analyzer.analyze(AnalysisOptions(moduleName: "Store", sourcePaths: [path])).interface
    #expect(interface.closureFunctions?.map { "\($0.type ?? "-") \($0.name) \($0.access) \($0.isStatic.map(String.init) ?? "-")" } == [
      "- schedule(_:) public -", "Cache readings(for:load:) public false", "Cache refresh(_:) internal false",
      "Cache shared(_:) public true",
    ])
    #expect(interface.closureFunctions?.map { $0.parameters.map(\.escaping) } == [[true], [false, false], [false], [true]])
  }

  /// What `check` writes as the interface of `result`.
  private static func streamed(_ result: AnalysisResult) throws -> [UInt8] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID()).implicitinterface").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stream = OutputFile.Stream(path: path)
    InterfaceWriter.encode(result.interfacePlan, to: stream)
    try stream.finish()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
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

  /// Interfaces written before links were recorded still read, and an error in a
  /// dependant then gets the note at the call into the module and nothing past it.
  @Test func readsFilesWithoutLinks() throws {
    let services = try Self.analyzeServices()
    let text = String(decoding: services.interface.encoded(), as: UTF8.self)
    #expect(text.contains("\"links\""))
    var old = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    var functions = old["functions"] as! [[String: Any]]
    for index in functions.indices {
      for field in ["links", "file"] { functions[index][field] = nil }
    }
    old["functions"] = functions
    old["files"] = nil
    let interface = try Self.write(JSONSerialization.data(withJSONObject: old))
    defer { try? FileManager.default.removeItem(atPath: interface) }
    #expect(try ModuleInterface.read(from: interface).functions.allSatisfy { $0.links == nil })
    #expect(try Self.feedErrorNotes(dependency: interface) == ["'Logger' is required by the call to 'load(_:)' here"])
  }

  /// The links this analyzer writes give a dependant's error a note per step down to the read.
  @Test func linksGiveTheNotesDownToTheRead() throws {
    let data = try Data(Self.analyzeServices().interface.encoded())
    let interface = try Self.write(data)
    defer { try? FileManager.default.removeItem(atPath: interface) }
    let directory = Fixture.root.appendingPathComponent("cross-module-app-chain").path + "/"
    #expect(try Self.feedErrorNotes(dependency: interface).map { $0.replacingOccurrences(of: directory, with: "") } == [
      "'Logger' is required by the call to 'load(_:)' here",
      "'Logger' is required by the call to 'record(_:_:)' in 'FeedService.load(_:)' at 1-Services/FeedService.swift:9:5",
      "'Logger' is read in 'record(_:_:)' at 1-Services/Logging.swift:7:17",
    ])
  }

  /// `explain` follows the links too: from the call into Services down to the read there.
  @Test func explainFollowsTheLinksIntoTheDependency() throws {
    let interface = try Self.write(Data(Self.analyzeServices().interface.encoded()))
    defer { try? FileManager.default.removeItem(atPath: interface) }
    let source = try Self.write(Data("""
      import Services

      struct FeedScreen {
        let service = FeedService()
        func show(_ scope: ImplicitScope) { _ = service.load(scope) }
      }
      """.utf8), suffix: ".swift")
    defer { try? FileManager.default.removeItem(atPath: source) }
    var options = AnalysisOptions(moduleName: "Feature", sourcePaths: [source])
    options.dependencyInterfaces = [interface]
    let directory = Fixture.root.appendingPathComponent("cross-module-app-chain")
    let text = try #require(try Analyzer.analyze(options).explain("FeedScreen.show"))
      .replacingOccurrences(of: directory.path + "/", with: "")
    #expect(text.hasPrefix("FeedScreen.show(_:) ("))
    #expect(text.contains("FeedScreen.show(_:) calls load(_:) at \(source):5:"))
    #expect(text.hasSuffix([
      "    Services.FeedService.load(_:) requires it (from Services's interface)",
      "      FeedService.load(_:) calls record(_:_:) at 1-Services/FeedService.swift:9:5",
      "      read in record(_:_:) at 1-Services/Logging.swift:7:17",
    ].joined(separator: "\n") + "\n"))
  }

  /// Links that do not fit the interface name the file and the field.
  @Test(arguments: [
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5>1\"", "'functions[0].links': 1 tokens for 2 required keys"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:x>1 -\"", "'functions[0].links': token '12:x>1' is not [file:]line:column"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5> -\"", "'functions[0].links': token '12:5>' is not a callee"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5>7 -\"", "'functions[0].links': token '12:5>7': 7 is not an index into 'functions'"),
    ("\"links\" : \"0:3:17\"", "\"links\" : \"5:3:17\"", "'functions[1].links': token '5:3:17': 5 is not an index into 'files'"),
    ("\"file\" : 1,", "\"file\" : 2,", "'functions[1].file': 2 is not an index into 'files'"),
    ("\"file\" : 1,", "", "'functions[1].file' is missing (required with 'links')"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : 12", "'functions[0].links': expected String"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"^ -\"", "'functions[0].links': token '^' is not after another token"),
    ("\"spi\" : false,", "\"spi\" : false, \"stepFunctions\" : [\"\"],", "'functions[0].stepFunctions': 1 names for 2 required keys"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5>1 -\", \"conditions\" : [\"DEBUG\"]",
     "'functions[0].conditions': 1 conditions for 2 required keys"),
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5>1 -\", \"conditions\" : [\"DEBUG\", \"os(\"]",
     "'functions[0].conditions': 'os(' is not an '#if' condition"),
    // No `closureTypes` in the sample: a call through closure values has no type to name.
    ("\"links\" : \"12:5>1 -\"", "\"links\" : \"12:5~0>1 -\"", "'functions[0].links': token '12:5~0>1': 0 is not an index into 'closureTypes'"),
  ])
  func rejectsMalformedLinks(original: String, replacement: String, reason: String) throws {
    try expectRejected(replacing: original, with: replacement, reason: reason)
  }

  private func expectRejected(replacing original: String, with replacement: String, reason: String) throws {
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

  // MARK: cross-module-app-chain

  static func analyzeServices() throws -> AnalysisResult {
    let directory = Fixture.root.appendingPathComponent("cross-module-app-chain/1-Services")
    return try Analyzer.analyze(AnalysisOptions(
      moduleName: "Services",
      sourcePaths: ["FeedService.swift", "Logging.swift"].map { directory.appendingPathComponent($0).path }))
  }

  /// The notes of the one error `FeedViewModel.swift` has with `dependency` as Services.
  static func feedErrorNotes(dependency: String) throws -> [String] {
    let directory = Fixture.root.appendingPathComponent("cross-module-app-chain")
    var options = AnalysisOptions(
      moduleName: "Feature", sourcePaths: [directory.appendingPathComponent("2-Feature/FeedViewModel.swift").path])
    options.dependencyInterfaces = [dependency]
    let errors = try Analyzer.analyze(options).diagnostics.filter { $0.id == .unresolvedImplicit }
    #expect(errors.count == 1)
    return errors.first?.notes.map(\.message) ?? []
  }

  static func write(_ data: Data, suffix: String = ".implicitinterface") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dep-\(UUID())\(suffix)")
    try data.write(to: url)
    return url.path
  }
}
#endif
