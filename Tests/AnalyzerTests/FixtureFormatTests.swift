#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The fixture directive parser: a directive that does not parse must fail the fixture,
/// never be dropped silently.
@Suite struct FixtureFormatTests {
  private func parse(_ source: String) throws -> (expectations: [Fixture.Expectation], malformed: [String]) {
    let directory = try ScratchDirectory()
    return Fixture.expectations(in: try directory.write("Case.swift", source))
  }

  @Test func readsIDLineAndColumn() throws {
    let (expectations, malformed) = try parse("""
      let scope = ImplicitScope() // expected-error@:13 [unresolved-implicit] {{unresolved implicit 'A'}}
      // expected-note@+1:3 {{'A' is read here}}
      fetch(scope)
      """)
    #expect(malformed.isEmpty)
    #expect(expectations.map(\.description) == [
      "Case.swift:1:13: error: [unresolved-implicit] unresolved implicit 'A'",
      "Case.swift:3:3: note: 'A' is read here",
    ])
  }

  @Test(arguments: [
    "x() // expected-error {{no column}}",
    "x() // expected-error@:3 {{no id}}",
    "x() // expected-note@:3 [unresolved-implicit] {{notes have no id}}",
    "x() // expected-warning@+1 [scope-not-let] {{no column}}",
    "x() // expected-error@:3 [Bad_ID] {{id is kebab-case}}",
  ])
  func rejectsIncompleteDirectives(_ line: String) throws {
    #expect(try parse(line).malformed.count == 1)
  }

  // MARK: Overlays

  /// Replaced, inserted and removed lines, each hunk numbered by the base's lines.
  @Test func overlayReplacesInsertsAndRemovesLines() throws {
    let (base, files) = try Fixture.Overlay.parse("""
      --- app/1-Kit/Kit.swift
      +++ app-planted/1-Kit/Kit.swift
      @@ -2 +2 @@
      -two
      +TWO // expected-error@:1 [unresolved-implicit] {{planted}}
      @@ -3,0 +4 @@
      +inserted after three
      @@ -5,2 +5,0 @@
      -five
      -six
      """)
    #expect(base == "app")
    let hunks = try #require(files["1-Kit/Kit.swift"])
    let lines = ["one", "two", "three", "four", "five", "six", "seven"]
    #expect(try Fixture.Overlay.apply(hunks, to: lines, file: "Kit.swift") == [
      "one", "TWO // expected-error@:1 [unresolved-implicit] {{planted}}", "three", "inserted after three", "four", "seven",
    ])
  }

  /// A base edited under the overlay, or an overlay that is not a diff, fails loudly.
  @Test(arguments: [
    ("--- app/K.swift\n@@ -2 +2 @@\n-zwei\n+2", "expected 'zwei', the base has 'two'"),
    ("--- app/K.swift\n@@ -9 +9 @@\n-nine\n+9", "past the end"),
    ("--- app/K.swift\n@@ two @@\n-two\n+2", "is not '@@ -start"),
    ("@@ -2 +2 @@\n-two\n+2", "before a '--- ' line"),
    ("--- app/K.swift\ntwo", "is not a diff line"),
  ])
  func overlayThatDoesNotFitIsRejected(_ text: String, _ reason: String) throws {
    #expect {
      let (_, files) = try Fixture.Overlay.parse(text)
      _ = try Fixture.Overlay.apply(files["K.swift"] ?? [], to: ["one", "two", "three"], file: "K.swift")
    } throws: { String(describing: $0).contains(reason) }
  }

  /// The planted copies are overlays, and each planted error is a hunk that matters: without
  /// it (the base's lines left as they are) the copy no longer gets what it expects.
  @Test(arguments: [
    // P1 of orchard: the declaration of SoilProfile taken out of main.swift (the error and
    // its note stay expected, in another hunk).
    ("app-written-blind-orchard-planted", "@@ -18 +17,0 @@"),
    // Bookserver: the declaration of RequestContext taken out of `BookServer.handle`.
    ("app-written-blind-bookserver-planted", "@@ -54 +53,0 @@"),
    // P2 of arcade: the stream's producer moved to `Task.detached` without its bag (the
    // error stays expected, in the next hunk).
    ("app-written-blind-arcade-planted", "@@ -9,2 +9,2 @@"),
  ])
  func plantedCopyFailsWithoutAPlantedHunk(_ name: String, _ header: String) throws {
    let text = try String(
      contentsOf: Fixture.root.appendingPathComponent(name + "/" + Fixture.Overlay.fileName), encoding: .utf8)
    #expect(Fixture(name: name).overlayFailure == nil)
    // The hunk: its header and the lines up to the next header.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix(header) })
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("@@ ") || $0.hasPrefix("--- ") } ?? lines.endIndex
    let without = (lines[..<start] + lines[end...]).joined(separator: "\n")
    for (overlay, isWhole) in [(text, true), (without, false)] {
      // Not where the fixture itself is written: its test may run meanwhile.
      let scratch = try ScratchDirectory()
      defer { withExtendedLifetime(scratch) {} }
      let root = scratch.url
      let modules = try Fixture.Overlay.materialize(name, overlay: overlay, under: root)
      var expected = modules.flatMap(\.files).flatMap { Fixture.expectations(in: $0).expectations }
      var unexpected: [Fixture.Expectation] = []
      for diagnostic in try Fixture.run(modules, root: root).diagnostics {
        if let index = expected.firstIndex(where: { $0.matches(diagnostic) }) {
          expected.remove(at: index)
        } else {
          unexpected.append(diagnostic)
        }
      }
      #expect((expected.isEmpty && unexpected.isEmpty) == isWhole, "missing \(expected), unexpected \(unexpected)")
      if !isWhole { #expect(!expected.isEmpty, "the planted error is still expected, and no longer reported") }
    }
  }
}
#endif
