#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// Which declarations get Swift's memberwise `init`, so that calling it is not reported as
/// an unresolved call: a struct that writes no `init` in its body in some configuration. An
/// `init` in one clause of an `#if` the analyzer cannot decide leaves the memberwise one to
/// the other configurations; `--define` decides it.
@Suite struct MemberwiseInitTests {
  @Test(arguments: [
    ("struct Screen { let title: String }", [], true),
    ("struct Screen { let title: String }\nextension Screen { init() { self.init(title: \"\") } }", [], true),
    ("struct Screen { let title: String\n  init(name: String) { title = name }\n}", [], false),
    ("struct Screen { let title: String\n#if DEBUG\n  init(name: String) { title = name }\n#endif\n}", [], true),
    ("struct Screen { let title: String\n#if DEBUG\n  init(name: String) { title = name }\n#endif\n}", ["DEBUG"], false),
    ("struct Screen { let title: String\n#if os(iOS)\n#else\n  init(name: String) { title = name }\n#endif\n}", [], true),
    ("struct Screen { let title: String\n#if DEBUG\n  init(name: String) { title = name }\n#else\n  init(_ name: String) { title = name }\n#endif\n}", [], false),
    ("struct Screen { let title: String\n#if DEBUG\n#if os(iOS)\n  init() { title = \"\" }\n#endif\n#else\n  init() { title = \"\" }\n#endif\n}", [], true),
    ("struct Screen { let title: String\n#if false\n  init(name: String) { title = name }\n#endif\n}", [], true),
    ("final class Screen { let title = \"\" }", [], false),
    ("enum Screen { case list }", [], false),
    ("actor Screen { let title = \"\" }", [], false),
  ] as [(String, [String], Bool)])
  func firstTypeHasMemberwiseInit(source: String, defines: [String], expected: Bool) throws {
    let result = FileAnalyzer.analyze(
      path: "Screen.swift", index: 0, bytes: Array(source.utf8), conditions: ConditionEvaluator(defines: Set(defines)))
    let summary = try result.get()
    let type = try #require(summary.declarations.types.first)
    #expect(type.name == "Screen")
    #expect(type.hasMemberwiseInit == expected)
  }
}
#endif
