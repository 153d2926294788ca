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

  /// `ScopeClosureNameRule` looks only where `Scope` is written: the type of a closure
  /// parameter or of a variable, never `scope` or `Implicit` alone.
  @Test(arguments: [
    ("let step = { (scope: ImplicitScope) in }", 29),
    ("var handler: (Int, ImplicitScope) -> Void", 27),
    ("@Implicit var scope: Service", nil),
    ("let step = { scope in run(scope) }", nil),
  ] as [(String, Int?)])
  func findsTheScopeTypeOnly(source: String, offset: Int?) {
    let mentions = SourceMentions(utf8: Array(source.utf8))
    let end = source.utf8.count
    #expect(mentions.mentionsScopeType(in: 0..<end) == (offset != nil))
    if let offset {
      #expect(mentions.mentionsScopeType(in: offset..<(offset + 1)))
      #expect(!mentions.mentionsScopeType(in: 0..<offset))
    }
  }

  /// `ImplicitDeclarationRule` asks about `@Observable` classes only in files that say it.
  @Test(arguments: [
    ("@Observable final class Model { @ObservationIgnored @Implicit var a: A }", true),
    ("import Observation\n@Observable class Model {}", true),
    ("final class Model: ObservableObject {}", true),
    ("final class Model { @Implicit var a: A }", false),
  ])
  func findsObservable(source: String, observable: Bool) {
    #expect(SourceMentions(utf8: Array(source.utf8)).observable == observable)
  }

  @Test(arguments: ["aab", "ab", "xxab", "aaab"])
  func findsAWordAfterAPartialMatch(haystack: String) {
    #expect(SourceMentions.contains("ab", in: Array(haystack.utf8)))
    #expect(!SourceMentions.contains("abc", in: Array(haystack.utf8)))
  }
}
#endif
