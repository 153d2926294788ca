#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

@Suite struct GenericTypeNameTests {
  @Test(arguments: [
    ("[Int]", "Array", ["Int"]),
    ("Array<Int>", "Array", ["Int"]),
    ("Swift.Array<Swift.Int>", "Array", ["Int"]),
    ("[String:Int]", "Dictionary", ["String", "Int"]),
    ("Dictionary<String, [Int]>", "Dictionary", ["String", "[Int]"]),
    ("Int?", "Optional", ["Int"]),
    ("Optional<Array<Int>>", "Optional", ["[Int]"]),
    ("(any Service)?", "Optional", ["any Service"]),
    ("Session!", "Session", []),
    ("Box<() -> Int, [Int: String]>", "Box", ["() -> Int", "[Int: String]"]),
    ("[[Int]]", "Array", ["[Int]"]),
    ("Payments.Config", "Payments.Config", []),
  ])
  func splitsTheWrittenType(_ written: String, _ base: String, _ arguments: [String]) {
    let name = GenericTypeName(written)
    #expect(name.base == base)
    #expect(name.arguments == arguments)
  }

  /// A type read from a string and the same type written in the source have one spelling:
  /// both drop the standard library's module (`KeySpelling.standardLibrary`) and take its
  /// sugar the same way; another module's member type keeps its module.
  @Test(arguments: [
    "Swift.Int", "Swift.Optional<Swift.Int>", "Swift.Array<Swift.String>", "Swift.Dictionary<Swift.String, Int>",
    "Optional<Swift.Array<Int>>", "Box<Swift.Int>", "Payments.Config",
  ])
  func stringsAndSyntaxSpellTypesAlike(_ written: String) {
    var parser = Parser(written)
    let type = TypeSyntax.parse(from: &parser)
    #expect(GenericTypeName.canonical(written) == KeySpelling.canonical(type))
  }

  @Test func constraintsRuleOutOnlyContradictingArguments() {
    let ints = GenericTypeName("[Int]")
    #expect(ints.admits(["Element": "Int"], parameters: ["Element"]))
    #expect(!ints.admits(["Element": "String"], parameters: ["Element"]))
    #expect(!ints.admits(["#0": "String"], parameters: nil))
    // Unknown arguments or parameter positions do not rule a member out.
    #expect(GenericTypeName("Array").admits(["Element": "String"], parameters: ["Element"]))
    #expect(ints.admits(["Element": "String"], parameters: nil))
  }
}
#endif
