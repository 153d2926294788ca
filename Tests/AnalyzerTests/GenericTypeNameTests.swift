#if ImplicitsAnalysis
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
