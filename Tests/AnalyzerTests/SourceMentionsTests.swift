#if ImplicitsAnalysis
import Testing

@testable import ImplicitsAnalysis

struct SourceMentionsTests {
  @Test(arguments: [
    ("import Implicits\n", true, false),
    ("func f() { withScope { _ in } }", true, false),
    ("#if DEBUG\nlet x = 1\n#endif\n", false, true),
    ("#if os(iOS)\n@Implicit var a: A\n#endif", true, true),
    ("let implicit = 1 // lowercase is not the API", false, false),
    ("Implici", false, false),
    ("", false, false),
    ("#i", false, false),
    ("é🙂 ImplicitScope()", true, false),
  ])
  func findsTheWordsAnywhere(source: String, api: Bool, conditionalCompilation: Bool) {
    let mentions = SourceMentions(utf8: Array(source.utf8))
    #expect(mentions.api == api)
    #expect(mentions.conditionalCompilation == conditionalCompilation)
  }

  @Test(arguments: ["aab", "ab", "xxab", "aaab"])
  func findsAWordAfterAPartialMatch(haystack: String) {
    #expect(SourceMentions.contains("ab", in: Array(haystack.utf8)))
    #expect(!SourceMentions.contains("abc", in: Array(haystack.utf8)))
  }
}
#endif
