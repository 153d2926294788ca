#if ImplicitsAnalysis
import Foundation
import Testing

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
}
#endif
