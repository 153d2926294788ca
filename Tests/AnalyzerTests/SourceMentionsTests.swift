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

  /// The syntax rules skip code that mentions none of the scope words: each is found,
  /// as a substring, at its offset and not outside the range asked about.
  @Test(arguments: [
    ("let s = ImplicitScope()", 8),
    ("struct Plain { let bag = #implicits }", 26),
    ("func f(_ scope: Int) {}", 9),
    ("x.end()", 1),
    ("let inner = outer.nested()", 18),
    ("Implicits.withScope { _ in }", 0),
  ])
  func findsEachScopeWord(source: String, offset: Int) {
    let mentions = SourceMentions(utf8: Array(source.utf8))
    #expect(mentions.mentionsScopeWord(in: offset..<(offset + 1)))
    #expect(mentions.mentionsScopeWord(in: 0..<source.utf8.count))
    #expect(!mentions.mentionsScopeWord(in: 0..<offset))
  }

  /// Plain code mentions none; `.end` is found wherever it is written (the rules then walk
  /// that code, which is only slower).
  @Test(arguments: [
    ("struct Price { var cents: Int }", false),
    ("values.append(value) // appends, but ends nothing", false),
    ("let endIndex = items.endIndex", true),
    ("", false),
  ])
  func plainCodeMentionsNoScopeWord(source: String, mentions expected: Bool) {
    let mentions = SourceMentions(utf8: Array(source.utf8))
    #expect(mentions.mentionsScopeWord(in: 0..<source.utf8.count) == expected)
  }

  @Test(arguments: ["aab", "ab", "xxab", "aaab"])
  func findsAWordAfterAPartialMatch(haystack: String) {
    #expect(SourceMentions.contains("ab", in: Array(haystack.utf8)))
    #expect(!SourceMentions.contains("abc", in: Array(haystack.utf8)))
  }
}
#endif
