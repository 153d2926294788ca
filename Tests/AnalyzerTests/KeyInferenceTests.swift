#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing

@testable import ImplicitsAnalysis

struct KeyInferenceTests {
  /// A type's name as keys spell it: its tokens, one space between two words, no trivia.
  @Test(arguments: [
    ("Service", "Service"),
    ("[String]", "[String]"),
    ("[ String ]", "[String]"),
    ("any  Service", "any Service"),
    ("some View", "some View"),
    ("Dictionary<String, [Int]>", "Dictionary<String,[Int]>"),
    ("(Int) -> Void", "(Int)->Void"),
    ("@escaping (ImplicitScope) -> Void", "@escaping(ImplicitScope)->Void"),
    ("[String /* names */]", "[String]"),
    ("Café<Ünïcode>", "Café<Ünïcode>"),
    ("inout [Int]?", "inout[Int]?"),
    ("Outer . Inner", "Outer.Inner"),
  ])
  func typeNameDropsTriviaAndKeepsOneSpaceBetweenWords(written: String, name: String) {
    var parser = Parser(written)
    let type = TypeSyntax.parse(from: &parser)
    #expect(KeyInference.typeName(type) == name)
  }
}
#endif
