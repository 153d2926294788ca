#if ImplicitsAnalysis
import Foundation
import Testing

/// The command line of analyzer.md §3 is a contract: exit codes, formats, outputs.
@Suite struct CommandLineTests {
  static let clean = """
    import Foundation
    struct Network {}
    extension ImplicitsKeys { public static let darkMode = Key<Bool>() }
    extension ImplicitsKeys { @NamedImplicitKey static let viaMacro = Key<Int>() }
    public func fetch(_ scope: ImplicitScope) {
      @Implicit var network: Network
      later { [implicits = #implicits] in
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        @Implicit(\\.darkMode) var dark
      }
    }
    func later(_ body: @escaping () -> Void) {}
    func main() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var network = Network()
      @Implicit(\\.darkMode) var dark = true
      fetch(scope)
    }

    """

  static let broken = """
    struct Network {}
    func fetch(_ scope: ImplicitScope) {
      @Implicit var network: Network
    }
    func main() {
      let scope = ImplicitScope()
      defer { scope.end() }
      fetch(scope)
    }

    """

  /// The benchmark's floor: `parse-floor` parses (including a file `check` rejects) and
  /// reports the bytes the trees span, nothing else.
  @Test func parseFloorParsesEveryFileAndReportsNothingElse() throws {
    let dir = try ScratchDirectory()
    let clean = try dir.write("Clean.swift", Self.clean)
    let broken = try dir.write("Broken.swift", Self.broken)
    let output = try AnalyzerProcess.run(["parse-floor", clean, broken])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "parsed \(Self.clean.utf8.count + Self.broken.utf8.count) bytes\n")
  }

  /// `parse-floor --walks N` walks every tree N times and counts the tokens it visits: each
  /// walk visits the same tokens, and there are tokens to visit.
  @Test func parseFloorWalksEveryTreeAsOftenAsAsked() throws {
    let dir = try ScratchDirectory()
    let clean = try dir.write("Clean.swift", Self.clean)
    let broken = try dir.write("Broken.swift", Self.broken)
    func tokens(walks: Int) throws -> Int? {
      let output = try AnalyzerProcess.run(["parse-floor", "--walks", "\(walks)", clean, broken])
      #expect(output.status == 0, "\(output.stderr)")
      let prefix = "parsed \(Self.clean.utf8.count + Self.broken.utf8.count) bytes; walked "
      guard output.stdout.hasPrefix(prefix), output.stdout.hasSuffix(" tokens\n") else {
        Issue.record("unexpected output: \(output.stdout)")
        return nil
      }
      return Int(output.stdout.dropFirst(prefix.count).dropLast(" tokens\n".count))
    }
    let once = try #require(try tokens(walks: 1))
    #expect(once > 0)
    #expect(try tokens(walks: 3) == 3 * once)
  }

  @Test func cleanModuleExitsZeroAndWritesOutputs() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("Clean.swift", Self.clean)
    let output = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--interface-output", dir.path("App.implicitinterface"),
      "--support-file-output", dir.path("Support.swift"), source,
    ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.isEmpty)
    let support = try String(contentsOfFile: dir.path("Support.swift"), encoding: .utf8)
    #expect(support.contains("public var darkMode: ImplicitKey<Bool, _darkMode_Tag>.Type"))
    #expect(support.contains("case 0:  // \"App/Clean.swift:7:24\""))
    #expect(support.contains("switch __implicitsSites.index(of: site) {"))
    #expect(support.contains("\nimport Foundation\n"))
    #expect(support.contains("@_spi(ImplicitsGenerated) public func __implicitsBag(site: StaticString) -> Implicits {"))
    #expect(!support.contains("viaMacro"))
    #expect(support.contains("return Implicits(unsafeKeys: __implicitsKeys0)"))
    #expect(support.contains("private let __implicitsKeys0: [ImplicitKeyIdentifier] = [Implicits.getRawKey(\\.darkMode)]"))
    let interface = try String(contentsOfFile: dir.path("App.implicitinterface"), encoding: .utf8)
    #expect(interface.contains("\"formatVersion\" : 7"))
    #expect(interface.contains("\"\\\\.darkMode\""))
  }

  @Test func errorsExitOneInSwiftcFormatAndStillWriteTheInterface() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("Broken.swift", Self.broken)
    let output = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--interface-output", dir.path("App.implicitinterface"), source,
    ])
    #expect(output.status == 1)
    #expect(output.stderr.contains("\(source):6:15: error: unresolved implicit 'Network' at this entry point"))
    #expect(output.stderr.contains("\(source):8:3: note: 'Network' is required by the call to 'fetch(_:)' here\n"))
    // The error line ends with its stable ID, as swiftc prints diagnostic groups; notes have none.
    let errorLine = output.stderr.split(separator: "\n").first { $0.contains(": error: ") }
    #expect(errorLine?.hasSuffix(" [#unresolved-implicit]") == true, "\(output.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.path("App.implicitinterface")))
  }

  @Test func jsonDiagnostics() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("Broken.swift", Self.broken)
    let output = try AnalyzerProcess.run(["check", "--module-name", "App", "--diagnostics-format", "json", source])
    #expect(output.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(json?["errorCount"] as? Int == 1)
    let first = (json?["diagnostics"] as? [[String: Any]])?.first
    #expect(first?["line"] as? Int == 6)
    #expect(first?["severity"] as? String == "error")
    #expect(first?["id"] as? String == "unresolved-implicit")
    #expect((first?["message"] as? String)?.contains("[#") == false, "the ID is a field of its own in JSON")
    let notes = first?["notes"] as? [[String: Any]]
    // The call in `main`, then the read in `fetch`: each step down to the read.
    #expect(notes?.map { $0["line"] as? Int } == [8, 3])
    #expect(notes?.first?["id"] == nil)
  }

  @Test func outputsAreDeterministic() throws {
    let dir = try ScratchDirectory()
    let a = try dir.write("A.swift", Self.clean)
    let b = try dir.write("B.swift", "func other(_ scope: ImplicitScope) { fetch(scope) }\n")
    var interfaces: [Data] = []
    var supports: [Data] = []
    for (index, order) in [[a, b], [b, a], [a, b]].enumerated() {
      let output = try AnalyzerProcess.run([
        "check", "--module-name", "App", "--interface-output", dir.path("I\(index)"),
        "--support-file-output", dir.path("S\(index)"),
      ] + order)
      #expect(output.status == 0)
      interfaces.append(try Data(contentsOf: URL(fileURLWithPath: dir.path("I\(index)"))))
      supports.append(try Data(contentsOf: URL(fileURLWithPath: dir.path("S\(index)"))))
    }
    #expect(Set(interfaces).count == 1)
    #expect(Set(supports).count == 1)
  }

  @Test func responseFileListsSources() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("Broken.swift", Self.broken)
    let list = try dir.write("sources.txt", source + "\n")
    let output = try AnalyzerProcess.run(["check", "--module-name", "App", "@" + list])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("\(source):6:15: error:"))
  }

  @Test func responseFileWithCarriageReturnsBlankLinesAndUnicodePaths() throws {
    let dir = try ScratchDirectory()
    let broken = try dir.write("Café Ünïcode.swift", Self.broken)
    let clean = try dir.write("Clean.swift", "let x = 1\n")
    let list = try dir.write("sources.txt", "\r\n" + clean + "\r\n\r\n" + broken + "\r\n")
    let output = try AnalyzerProcess.run(["check", "--module-name", "App", "@" + list])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("\(broken):6:15: error:"))
  }

  @Test func supportFileIsWrittenEvenWhenEmpty() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("Empty.swift", "let x = 1\n")
    let output = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--support-file-output", dir.path("Support.swift"), source,
    ])
    #expect(output.status == 0)
    let support = try String(contentsOfFile: dir.path("Support.swift"), encoding: .utf8)
    #expect(support.hasPrefix("// Generated by implicits-analyzer"))
  }

  @Test(arguments: [
    (["check"], "--module-name"),
    (["check", "--module-name", "App", "--diagnostics-format", "xml", "a.swift"], "xml"),
    (["frobnicate"], "frobnicate"),
  ])
  func usageErrorsExitTwo(_ arguments: [String], _ mention: String) throws {
    let output = try AnalyzerProcess.run(arguments)
    #expect(output.status == 2)
    #expect(output.stderr.contains(mention))
  }

  @Test func unreadableSourceExitsTwoNamingTheFile() throws {
    let dir = try ScratchDirectory()
    let missing = dir.path("Missing.swift")
    let output = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--interface-output", dir.path("App.implicitinterface"), missing,
    ])
    #expect(output.status == 2)
    #expect(output.stderr == "\(missing): error: cannot read source file (no such file)\n")
    #expect(dir.files.isEmpty, "no partial outputs: \(dir.files)")
  }

  @Test func garbageSourceExitsTwoNamingTheFile() throws {
    let dir = try ScratchDirectory()
    let garbage = dir.path("Garbage.swift")
    try Data([0xFF, 0xFE, 0x00, 0x41, 0xC3]).write(to: URL(fileURLWithPath: garbage))
    let text = try dir.write("Text.swift", "}}} func ((( @@@ \n")
    for file in [garbage, text] {
      let output = try AnalyzerProcess.run([
        "check", "--module-name", "App", "--support-file-output", dir.path("Support.swift"), file,
      ])
      #expect(output.status == 2)
      #expect(output.stderr.hasPrefix(file))
      #expect(output.stderr.components(separatedBy: "\n").count == 2, "one message: \(output.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.path("Support.swift")))
    }
  }

  /// swift-syntax's debug builds stop parsing at 20 levels of nesting; the analyzer a
  /// plugin builds in a debug build must still read what compiles (`DeepNesting`). The
  /// missing value read at the bottom shows the passes walked the whole depth, and a
  /// nested file that really is broken still names its line.
  @Test func deeplyNestedSourceIsAnalysedInEveryConfiguration() throws {
    let dir = try ScratchDirectory()
    let depth = 40
    let parentheses = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    let closures = String(repeating: "run { ", count: depth) + "@Implicit var clock: Clock"
      + String(repeating: " }", count: depth)
    let source = try dir.write("Nested.swift", """
      struct Clock {}
      func run(_ body: () -> Void) { body() }
      func tick(_ scope: ImplicitScope) {
        let total = \(parentheses)
        _ = total
        \(closures)
      }
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        tick(scope)
      }

      """)
    let output = try AnalyzerProcess.run(["check", "--module-name", "App", source])
    #expect(output.status == 1, "\(output.stderr)")
    #expect(output.stderr.contains("\(source):9:15: error: unresolved implicit 'Clock' at this entry point"))
    #expect(!output.stderr.contains("cannot parse"), "\(output.stderr)")

    let broken = try dir.write("Broken.swift", "func f() {\n  let x = \(parentheses.dropLast())\n}\n")
    let failure = try AnalyzerProcess.run(["check", "--module-name", "App", broken])
    #expect(failure.status == 2)
    #expect(failure.stderr.hasPrefix("\(broken):"), "\(failure.stderr)")
    #expect(failure.stderr.contains("cannot parse this file as Swift"), "\(failure.stderr)")
  }

  @Test(arguments: [
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 99, \"module\": \"X\"}", "format version 99"),
    // Written before closure functions were listed: rebuilt, not read as if none took a closure.
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 2, \"module\": \"X\"}", "format version 2 is not supported (expected 7)"),
    // Written before links marked steps in closures: rebuilt, not read with notes naming
    // the function a closure is written in as if it made the call.
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 3, \"module\": \"X\"}", "format version 3 is not supported (expected 7)"),
    // Written before requirements said their `#if` conditions: rebuilt, not read as if a
    // read under `#if DEBUG` were required in every configuration.
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 4, \"module\": \"X\"}", "format version 4 is not supported (expected 7)"),
    // Written before `closureRunners`: rebuilt, not read as if no function ran the closures
    // a dependant hands the module to keep.
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 5, \"module\": \"X\"}", "format version 5 is not supported (expected 7)"),
    // Written before `closureAliases`: rebuilt, not read as if a runner of an alias ran
    // none of the closures a dependant hands the module.
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 6, \"module\": \"X\"}", "format version 6 is not supported (expected 7)"),
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 7, \"mod", "malformed implicit interface"),
    ("", "malformed implicit interface"),
    ("{\"format\": \"implicitinterface\", \"formatVersion\": 7, \"module\": 3}", "malformed implicit interface"),
    (
      "{\"format\": \"implicitinterface\", \"formatVersion\": 7, \"module\": \"X\", \"namedKeys\": [], \"functions\": "
        + "[{\"access\": \"public\", \"isStatic\": \"yes\", \"name\": \"f(_:)\", \"parameters\": [], \"requires\": [], \"spi\": false}]}",
      "'functions[0].isStatic': expected Bool"
    ),
  ])
  func badInterfaceExitsTwoNamingTheFile(_ content: String, _ mention: String) throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", Self.clean)
    let interface = try dir.write("Dep.implicitinterface", content)
    let output = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--dependency-interface", interface,
      "--interface-output", dir.path("App.implicitinterface"), source,
    ])
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("\(interface): error:"))
    #expect(output.stderr.contains(mention))
    #expect(!FileManager.default.fileExists(atPath: dir.path("App.implicitinterface")))
  }

  @Test func interfaceRoundTripsAcrossModules() throws {
    let dir = try ScratchDirectory()
    let core = try dir.write("Core.swift", "public struct Token {}\npublic func sign(_ scope: ImplicitScope) { @Implicit var t: Token }\n")
    let app = try dir.write("App.swift", Self.broken.replacingOccurrences(of: "fetch(scope)\n}", with: "fetch(scope)\n  sign(scope)\n}"))
    let first = try AnalyzerProcess.run([
      "check", "--module-name", "Core", "--interface-output", dir.path("Core.implicitinterface"), core,
    ])
    #expect(first.status == 0)
    let second = try AnalyzerProcess.run([
      "check", "--module-name", "App", "--dependency-interface", dir.path("Core.implicitinterface"), app,
    ])
    #expect(second.status == 1)
    #expect(second.stderr.contains("unresolved implicits 'Network' and 'Token'"))
    #expect(second.stderr.contains("'Token' is required by the call to 'sign(_:)'"))
  }

  @Test func definesSelectBranches() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", """
      struct Network {}
      func fetch(_ scope: ImplicitScope) {
      #if OFFLINE
        @Implicit var network: Network
      #endif
      }
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        fetch(scope)
      }

      """)
    #expect(try AnalyzerProcess.run(["check", "--module-name", "App", source]).status == 0)
    #expect(try AnalyzerProcess.run(["check", "--module-name", "App", "--define", "OFFLINE", source]).status == 1)
  }

  @Test func graphPrintsDotAndJSON() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", Self.clean)
    let dot = try AnalyzerProcess.run(["graph", "--module-name", "App", "--format", "dot", source])
    #expect(dot.status == 0)
    #expect(dot.stdout.hasPrefix("digraph \"App\" {"))
    #expect(dot.stdout.contains("\"main()\" -> \"fetch(_:)\" [label=\"calls\"];"))
    #expect(dot.stdout.contains("\"fetch(_:)\" -> \"key Network\" [label=\"reads\", style=dashed];"))
    let json = try AnalyzerProcess.run(["graph", "--module-name", "App", "--format", "json", source])
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((object?["keys"] as? [String])?.contains("Network") == true)
    let again = try AnalyzerProcess.run(["graph", "--module-name", "App", "--format", "json", source])
    #expect(again.stdout == json.stdout)
  }

  @Test func explainFunctionAndKey() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", Self.broken)
    let function = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "fetch"])
    #expect(function.status == 0)
    #expect(function.stdout.contains("fetch(_:)"))
    #expect(function.stdout.contains("requires 'Network'"))
    #expect(function.stdout.contains("read in fetch(_:) at \(source):3:17"))
    let key = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "Network"])
    #expect(key.status == 0)
    #expect(key.stdout.contains("read by:\n  fetch(_:) at \(source):3:17"))
    let unknown = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "nothing"])
    #expect(unknown.status == 2)
  }

  /// A key read with a default (`Key<T>(default:)`, `DefaultImplicit`) never needs a
  /// declaration: `explain` lists it apart from what the function requires.
  @Test func explainSeparatesWhatADefaultCoversFromRequirements() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", #"""
      struct Network {}
      struct Theme: DefaultImplicit { static var defaultImplicit: Theme { Theme() } }
      extension ImplicitsKeys { static let retries = Key<Int>(default: 3) }
      func fetch(_ scope: ImplicitScope) {
        @Implicit var network: Network
        @Implicit(\.retries) var retries: Int
        @Implicit var theme: Theme
      }
      func render(_ scope: ImplicitScope) {
        @Implicit var theme: Theme
      }

      """#)
    let fetch = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "fetch"])
    #expect(fetch.status == 0)
    let lines = fetch.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix(" requires 'Network'") == true)
    #expect(lines.contains("  read with a default, so not required: 'Theme' and '\\.retries'"))
    #expect(!lines.contains { $0.contains("read in fetch(_:)") && !$0.contains(":5:") })
    let render = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "render"])
    #expect(render.stdout.split(separator: "\n").first?.hasSuffix(" requires nothing") == true)
    #expect(render.stdout.contains("read with a default, so not required: 'Theme'"))
  }

  /// An entry point requires nothing of its callers, but `explain` on the function that
  /// opens it says what its root scope leaves unresolved and the calls down to the read.
  @Test func explainNamesWhatAnEntryPointLeavesUnresolved() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", """
      struct APIClient {}
      func startApp() {
        let scope = ImplicitScope()
        defer { scope.end() }
        showHome(scope)
      }
      func showHome(_ scope: ImplicitScope) { loadFeed(scope) }
      func loadFeed(_ scope: ImplicitScope) { @Implicit var api: APIClient }
      func complete() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var api = APIClient()
        showHome(scope)
      }

      """)
    let start = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "startApp"])
    #expect(start.status == 0)
    #expect(start.stdout.split(separator: "\n").map(String.init) == [
      "startApp() (\(source):2:6) requires nothing",
      "  its entry point at \(source):3:15 leaves 'APIClient' unresolved (it is declared on no path to its read)",
      "    'APIClient':",
      "      entry point calls showHome(_:) at \(source):5:3",
      "      showHome(_:) calls loadFeed(_:) at \(source):7:41",
      "      read in loadFeed(_:) at \(source):8:55",
    ])
    let complete = try AnalyzerProcess.run(["explain", "--module-name", "App", source, "complete"])
    #expect(complete.stdout == "complete() (\(source):9:6) requires nothing\n")
  }

  @Test func cachedRecheckReplaysTheSameResult() throws {
    let dir = try ScratchDirectory()
    let source = try dir.write("A.swift", Self.broken)
    let arguments = [
      "check", "--module-name", "App", "--cache-dir", dir.path("cache"),
      "--interface-output", dir.path("App.implicitinterface"), source,
    ]
    let first = try AnalyzerProcess.run(arguments)
    let second = try AnalyzerProcess.run(arguments)
    #expect(first.status == 1)
    #expect(second.status == 1)
    #expect(first.stderr == second.stderr)
    // A cached result never stands in for an output file that went missing.
    try FileManager.default.removeItem(atPath: dir.path("App.implicitinterface"))
    #expect(try AnalyzerProcess.run(arguments).status == 1)
    #expect(FileManager.default.fileExists(atPath: dir.path("App.implicitinterface")))
    try dir.write("A.swift", Self.clean)
    let third = try AnalyzerProcess.run(arguments)
    #expect(third.status == 0)
  }

  /// `--reuse-report` (hidden, for the edit loops): what a cached re-check copied from the
  /// last run's interface and what it printed; nothing is written when the run replayed.
  @Test func reuseReportSaysWhatARecheckCopied() throws {
    let dir = try ScratchDirectory()
    let a = try dir.write(
      "A.swift",
      "struct Network {}\nstruct Clock {}\nfunc fetch(_ scope: ImplicitScope) {\n  @Implicit var network: Network\n}\n"
        + "func load(_ scope: ImplicitScope) {\n  fetch(scope)\n}\n")
    let b = try dir.write("B.swift", "func tick(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n")
    let arguments = [
      "check", "--module-name", "App", "--cache-dir", dir.path("cache"), "--reuse-report", dir.path("reuse"),
      "--interface-output", dir.path("App.implicitinterface"), a, b,
    ]
    func report() throws -> String {
      let output = try AnalyzerProcess.run(arguments)
      #expect(output.status == 0, "\(output.stderr)")
      return try String(contentsOfFile: dir.path("reuse"), encoding: .utf8)
    }
    #expect(try report() == "copied 0 printed 3\n")
    _ = try dir.write("B.swift", "// edited\nfunc tick(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n")
    #expect(try report() == "copied 2 printed 1\n")  // fetch and load; tick's file changed
    #expect(try report() == "no interface written\n")
    let help = try AnalyzerProcess.run(["check", "--help"])
    #expect(!help.stdout.contains("reuse-report"))
  }
}
#endif
