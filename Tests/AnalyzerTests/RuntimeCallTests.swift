#if ImplicitsAnalysis
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

/// The one recogniser of the runtime's API: each spelling of each call is one case, and
/// look-alikes are ordinary calls.
@Suite struct RuntimeCallTests {
  static func classify(_ source: String, contextualType: String? = nil) -> RuntimeCall {
    RuntimeCall(ExprSyntax("\(raw: source)"), contextualType: contextualType.map { TypeSyntax("\(raw: $0)") })
  }

  static func name(_ call: RuntimeCall) -> String {
    switch call {
    case .rootScope: "root"
    case .bagScope(let bag): "bag \(bag.trimmedDescription)"
    case .nestedScope(let base): "nested \(base)"
    case .end(let scope): "end \(scope)"
    case .withScope(.root, _): "withScope root"
    case .withScope(.bag(let bag), _): "withScope bag \(bag.trimmedDescription)"
    case .withScope(.nesting(let outer), _): "withScope nesting \(outer.trimmedDescription)"
    case .withImplicits: "withImplicits"
    case .map(let from, let to): "map \(from?.trimmedDescription ?? "-") \(to?.trimmedDescription ?? "-")"
    case .bagCapture(let capture): "capture \(capture.spelling)"
    case .emptyBag: "empty bag"
    case .closureWrapper(let name, _): "wrapper \(name)"
    case .ordinary: "ordinary"
    }
  }

  @Test(arguments: [
    ("ImplicitScope()", "root"),
    ("Implicits.ImplicitScope()", "root"),
    ("ImplicitScope.init()", "root"),
    ("Implicits.ImplicitScope.init()", "root"),
    ("ImplicitScope(with: nil)", "root"),
    ("ImplicitScope(file: #fileID, line: #line)", "root"),
    ("ImplicitScope(with: bag)", "bag bag"),
    ("ImplicitScope(with: self.bag, file: file, line: line)", "bag self.bag"),
    ("scope.nested()", "nested scope"),
    ("scope.nested(file: file, line: line)", "nested scope"),
    ("scope.end()", "end scope"),
    ("withScope { scope in work(scope) }", "withScope root"),
    ("Implicits.withScope { scope in work(scope) }", "withScope root"),
    ("withScope(with: nil) { scope in work(scope) }", "withScope root"),
    ("withScope(with: bag) { scope in work(scope) }", "withScope bag bag"),
    ("withScope(nesting: scope, body: { inner in work(inner) })", "withScope nesting scope"),
    ("withImplicits({ @Implicit var x = 1 }) { run() }", "withImplicits"),
    ("ImplicitsTesting.withImplicits({ declare() }, operation: { run() })", "withImplicits"),
    ("Implicit.map(\\.settings, to: \\.darkMode) { $0.dark }", "map \\.settings \\.darkMode"),
    ("Implicit.map(Settings.self, Theme.self) { $0.theme }", "map - -"),
    ("Implicits.captureAll()", "capture Implicits.captureAll()"),
    ("Implicits()", "empty bag"),
    ("Implicits.Implicits()", "empty bag"),
    ("withRowSelectionImplicits { (row: Int, scope) in open(row, scope) }", "wrapper withRowSelectionImplicits"),
  ])
  func classifiesEverySpelling(_ source: String, _ expected: String) {
    #expect(Self.name(Self.classify(source)) == expected)
  }

  @Test func dotInitIsAScopeWhereTheTypeSaysSo() {
    #expect(Self.name(Self.classify(".init()", contextualType: "ImplicitScope")) == "root")
    #expect(Self.name(Self.classify(".init()", contextualType: "Implicits.ImplicitScope")) == "root")
    #expect(Self.name(Self.classify(".init()", contextualType: "Timer")) == "ordinary")
    #expect(Self.name(Self.classify(".init()")) == "ordinary")
  }

  /// Calls that look like the API and are not.
  @Test(arguments: [
    "Scope()", "ImplicitScope(other: 1)", "ImplicitScope(with: a, b)", "Other.ImplicitScope()", "timer.end(now)",
    "scope.nested { }", "withScope(1)", "Other.withScope { _ in }", "withImplicits({ })", "Implicit.other(a, to: b)",
    "Other.map(a, to: b)", "Implicits(unsafeKeys: key)", "withImplicits { }", "withCheckout { scope in }",
    "with_Implicits { }", "withlowerImplicits { }", "a.b.end()",
  ])
  func rejectsLookalikes(_ source: String) {
    #expect(Self.name(Self.classify(source)) == "ordinary")
  }

  @Test(arguments: [
    ("ImplicitScope", true), ("Implicits.ImplicitScope", true), ("ImplicitScope?", false), ("Scope", false),
    ("Other.ImplicitScope", false), ("ImplicitScope<Int>", false),
  ])
  func decidesWhetherATypeIsAScope(_ spelling: String, _ isScope: Bool) {
    #expect(ScopeType.isScope(TypeSyntax("\(raw: spelling)")) == isScope)
  }

  @Test(arguments: [
    ("ImplicitScope", true), ("Implicits.ImplicitScope", true), ("ImplicitScope?", true), ("ImplicitScope!", true),
    ("ImplicitScopes", false), ("MyImplicitScope", false),
  ])
  func decidesWhetherATypeNameIsAScope(_ spelling: String, _ isScope: Bool) {
    #expect(ScopeType.isScope(spelling: spelling) == isScope)
  }
}
#endif
