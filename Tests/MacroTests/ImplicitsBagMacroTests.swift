#if ImplicitsMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `#implicits` names its own position so the analyzer's support file can answer it.
@Suite struct ImplicitsBagMacroTests {
  @Test func expandsToTheBagOfItsSite() {
    assertExpansion(
      "let bag = #implicits",
      expandedSource: #"let bag = __implicitsBag(site: "TestModule/test.swift:1:11")"#)
  }

  @Test func siteIsTheHashOfTheMacroInAClosureCaptureList() {
    assertExpansion(
      """
      func makeAction(_ scope: ImplicitScope) -> () -> Void {
        { [implicits = #implicits] in
          let scope = ImplicitScope(with: implicits)
          defer { scope.end() }
          run(scope)
        }
      }
      """,
      expandedSource: """
        func makeAction(_ scope: ImplicitScope) -> () -> Void {
          { [implicits = __implicitsBag(site: "TestModule/test.swift:2:18")] in
            let scope = ImplicitScope(with: implicits)
            defer { scope.end() }
            run(scope)
          }
        }
        """)
  }

  @Test func everySiteHasItsOwnName() {
    assertExpansion(
      """
      struct Factory {
        let first = #implicits
        let second =   #implicits
      }
      """,
      expandedSource: """
        struct Factory {
          let first = __implicitsBag(site: "TestModule/test.swift:2:15")
          let second =   __implicitsBag(site: "TestModule/test.swift:3:18")
        }
        """)
  }

  @Test func columnsCountUTF8BytesLikeTheCompiler() {
    // "é" is two UTF-8 bytes each time: swiftc and swift-syntax both put `#` at column 18.
    assertExpansion(
      #"let é = f("é", #implicits)"#,
      expandedSource: #"let é = f("é", __implicitsBag(site: "TestModule/test.swift:1:18"))"#)
  }

  // The argument or closure starts at column 22 in both spellings.
  @Test(arguments: ["#implicits(scope)", "#implicits { 1 }"])
  func rejectsArguments(source: String) {
    assertExpansion(
      "let bag = \(source)",
      expandedSource: "let bag = \(source)",
      diagnostics: [
        DiagnosticSpec(
          message: "'#implicits' takes no arguments; it captures what the code that restores the bag needs",
          line: 1, column: 22)
      ])
  }
}
#endif
