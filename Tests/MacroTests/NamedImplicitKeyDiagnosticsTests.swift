#if ImplicitsMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Misused `@NamedImplicitKey`: the message says what a named key looks like.
@Suite struct NamedImplicitKeyDiagnosticsTests {
  /// Expands `member` (one line, after the attribute) inside `extension ImplicitsKeys`
  /// and expects one error at column `column` of that line.
  func expectError(
    _ member: String, _ message: String, column: Int,
    fixIts: [FixItSpec] = [], fixed: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column callerColumn: UInt = #column
  ) {
    assertExpansion(
      "extension ImplicitsKeys {\n  @NamedImplicitKey \(member)\n}",
      expandedSource: "extension ImplicitsKeys {\n  \(member)\n}",
      diagnostics: [DiagnosticSpec(message: message, line: 2, column: column, fixIts: fixIts)],
      applyFixIts: fixed == nil ? nil : fixIts.map(\.message),
      fixedSource: fixed.map { "extension ImplicitsKeys {\n  @NamedImplicitKey \($0)\n}" },
      fileID: fileID, filePath: filePath, line: line, column: callerColumn)
  }

  @Test func notOnAFunction() {
    expectError(
      "func darkMode() -> Bool { true }",
      "'@NamedImplicitKey' applies to a named key declaration: 'static let name = Key<Value>()' inside 'extension ImplicitsKeys'",
      column: 3)
  }

  @Test func mustBeStatic() {
    expectError(
      "let darkMode = Key<Bool>()",
      "named key 'darkMode' must be 'static': 'static let darkMode = Key<Value>()'",
      column: 21, fixIts: [FixItSpec(message: "insert 'static'")],
      fixed: "static let darkMode = Key<Bool>()")
  }

  @Test func mustBeALet() {
    expectError(
      "static var darkMode = Key<Bool>()",
      "named key 'darkMode' must be a 'let': 'static let darkMode = Key<Value>()'",
      column: 28, fixIts: [FixItSpec(message: "replace 'var' with 'let'")],
      fixed: "static let darkMode = Key<Bool>()")
  }

  /// swift-syntax (and swiftc) refuse a peer macro on several bindings before the macro
  /// runs; the macro's own message covers hosts that do not.
  @Test func oneKeyPerDeclaration() {
    expectError(
      "static let a = Key<Int>(), b = Key<Int>()",
      "peer macro can only be applied to a single variable",
      column: 3)
  }

  @Test func notComputed() {
    expectError(
      "static var darkMode: Key<Bool> { Key() }",
      "named key 'darkMode' must be a stored 'static let darkMode = Key<Value>()', not a computed property",
      column: 32)
  }

  @Test(arguments: [
    ("static let darkMode = false", 43),
    ("static let darkMode = Flag<Bool>()", 43),
    ("static let darkMode = Key<Bool>(fallback: true)", 43),
    ("static let darkMode = Key<Bool>(default: true, other: 1)", 43),
    ("static let darkMode: Key<Bool>", 32),
    ("static let darkMode = ImplicitsKeys.Key<Bool>()", 43),
    ("static let darkMode: Key<Bool> = .init()", 54),
    ("static let darkMode: Key<Bool> = Key<Bool>()", 40),
  ])
  func mustBeInitialisedWithKey(member: String, column: Int) {
    expectError(
      member,
      "named key 'darkMode' must be initialised with 'Key<Value>()', e.g. 'static let darkMode = Key<Bool>()'",
      column: column)
  }

  @Test(arguments: [
    ("static let darkMode = Key()", 43),
    ("static let darkMode = Key<Bool, Int>()", 43),
  ])
  func needsOneValueType(member: String, column: Int) {
    expectError(
      member,
      "cannot tell the value type of named key 'darkMode'; write 'static let darkMode = Key<Value>()' with exactly one type argument",
      column: column)
  }

  @Test func onlyInsideImplicitsKeys() {
    assertExpansion(
      "extension Settings {\n  @NamedImplicitKey static let darkMode = Key<Bool>()\n}",
      expandedSource: "extension Settings {\n  static let darkMode = Key<Bool>()\n}",
      diagnostics: [
        DiagnosticSpec(
          message: "named keys are declared in 'extension ImplicitsKeys', not in 'Settings'",
          line: 2, column: 3)
      ])
  }
}
#endif
