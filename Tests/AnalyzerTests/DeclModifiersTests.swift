#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax
import Testing

@testable import ImplicitsAnalysis

struct DeclModifiersTests {
  /// One pass reads what `SyntaxFacts.has` and `SyntaxFacts.access(of:)` read one question
  /// at a time: the access level is the first one without a detail, and the other
  /// keywords are found wherever they are written.
  @Test(arguments: [
    ("func f() {}", AccessLevel.internal, false, false, false, false),
    ("public static func f() {}", .public, true, false, false, false),
    ("open class func f() {}", .open, false, true, false, false),
    ("final override public func f() {}", .public, false, false, true, true),
    ("private(set) public static var x = 1", .public, true, false, false, false),
    ("fileprivate private(set) var x = 1", .fileprivate, false, false, false, false),
    ("nonisolated package func f() {}", .package, false, false, false, false),
    ("private public func f() {}", .private, false, false, false, false),
  ])
  func readsEveryModifierInOnePass(
    source: String, access: AccessLevel, isStatic: Bool, isClass: Bool, isFinal: Bool, isOverride: Bool
  ) throws {
    let declaration = try #require(Parser.parse(source: source).statements.first?.item.as(DeclSyntax.self))
    let list = try #require(declaration.asProtocol(WithModifiersSyntax.self)?.modifiers)
    let modifiers = DeclModifiers(list)
    #expect(modifiers.access == access)
    #expect(modifiers.access == SyntaxFacts.access(of: list))
    #expect(modifiers.isStatic == isStatic)
    #expect(modifiers.isClass == isClass)
    #expect(modifiers.isFinal == isFinal)
    #expect(modifiers.isOverride == isOverride)
  }
}
#endif
