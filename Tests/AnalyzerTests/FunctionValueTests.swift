#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// A function that takes a scope, named as a value, gives the diagnostics the closure
/// literal calling it would give written in the same place (`EffectCollector+FunctionValues`):
/// each case is one use written both ways, and the errors of the two programs must be the
/// same ones at the same lines. Where the caller provides what the function reads there is
/// none; where it does not, the one error both report.
@Suite struct FunctionValueTests {
  static let declarations = """
    struct Analytics { init() {} }
    struct Row {}

    func handleTap(_ scope: ImplicitScope) { @Implicit var analytics: Analytics }
    func select(_ row: Row, _ scope: ImplicitScope) { @Implicit var analytics: Analytics }
    func describe(_ value: Int) -> String { "\\(value)" }

    func run(_ step: (ImplicitScope) -> Void, _ scope: ImplicitScope) { step(scope) }
    func each(_ rows: [Row], _ scope: ImplicitScope, _ body: (Row, ImplicitScope) -> Void) {
      for row in rows { body(row, scope) }
    }
    func later(_ work: @escaping (ImplicitScope) -> Void) {}

    final class Button {
      var onTap: ((ImplicitScope) -> Void)?
      func tap(_ scope: ImplicitScope) { onTap?(scope) }
    }

    final class Model {
      func refresh(_ scope: ImplicitScope) { @Implicit var analytics: Analytics }
      func wire(_ button: Button) { button.onTap = REFRESH }
    }

    final class Screen {
      let button = Button()
      let model = Model()
      func wire() { button.onTap = MODEL_REFRESH }
    }

    """

  /// A use as a function name and as the closure literal that calls it; `VALUE` is where
  /// either is written, `PROVIDE` where the caller may declare what the function reads.
  struct Use: CustomTestStringConvertible, Sendable {
    var name: String
    var body: String
    var reference: String
    var literal: String
    /// Whether the caller is charged with what the function reads: not for a closure that
    /// escapes to where a call through `Button.onTap` may run it (none is made here).
    var charged = true
    var testDescription: String { name }
  }

  static let uses: [Use] = [
    Use(name: "passed for a non-escaping parameter", body: "run(VALUE, scope)",
        reference: "handleTap", literal: "{ scope in handleTap(scope) }"),
    Use(name: "passed with the scope second", body: "each([Row()], scope, VALUE)",
        reference: "select", literal: "{ row, scope in select(row, scope) }"),
    Use(name: "written with its labels", body: "each([Row()], scope, VALUE)",
        reference: "select(_:_:)", literal: "{ row, scope in select(row, scope) }"),
    Use(name: "kept in a local, called later", body: "let step = VALUE\n  step(scope)",
        reference: "handleTap", literal: "{ (scope: ImplicitScope) in handleTap(scope) }"),
    Use(name: "kept in a collection, each called", body: "for step in [VALUE] { step(scope) }",
        reference: "handleTap", literal: "{ (scope: ImplicitScope) in handleTap(scope) }"),
    Use(name: "stored in a property the caller calls", body: "let button = Button()\n  button.onTap = VALUE\n  button.tap(scope)",
        reference: "handleTap", literal: "{ scope in handleTap(scope) }"),
    Use(name: "passed for an escaping parameter", body: "later(VALUE)",
        reference: "handleTap", literal: "{ scope in handleTap(scope) }", charged: false),
  ]

  @Test(arguments: uses, [true, false])
  func aNameGivesTheErrorsOfTheLiteral(_ use: Use, provided: Bool) throws {
    let reference = try errors(use, value: use.reference, provided: provided)
    let literal = try errors(use, value: use.literal, provided: provided)
    #expect(reference == literal)
    // Where the caller does not provide the function's key, both report it.
    #expect(reference.isEmpty == (provided || !use.charged), "\(reference)")
  }

  /// A method of a stored model assigned to a property (`button.onTap = model.refresh`), and
  /// one of the same type (`self.refresh`): the closures stored into `Button.onTap`, run
  /// where `Button.tap(_:)` is called.
  @Test(arguments: [("refresh", "model.refresh"), ("self.refresh", "self.model.refresh")])
  func aMethodAssignedToAPropertyRunsWhereItIsCalled(_ own: String, _ model: String) throws {
    let caller = "let button = Button()\n  button.tap(scope)"
    let named = try analyze(declarations(refresh: own, modelRefresh: model), caller: caller, provided: false)
    let literal = try analyze(
      declarations(refresh: "{ scope in self.refresh(scope) }", modelRefresh: "{ scope in self.model.refresh(scope) }"),
      caller: caller, provided: false)
    #expect(named.map(\.message) == literal.map(\.message))
    #expect(named.count == 1, "\(named)")
  }

  /// Functions without a scope named as values need nothing.
  @Test func aFunctionWithoutAScopeNeedsNothing() throws {
    let body = "_ = [1, 2].map(describe) + [3].map(String.init)\n  run(handleTap, scope)"
    #expect(try analyze(declarations(), caller: body, provided: true).isEmpty)
  }

  private func declarations(refresh: String = "refresh", modelRefresh: String = "model.refresh") -> String {
    Self.declarations.replacingOccurrences(of: "MODEL_REFRESH", with: modelRefresh)
      .replacingOccurrences(of: "REFRESH", with: refresh)
  }

  /// The errors as (line, id, message): a note of the literal names the call in it.
  private func errors(_ use: Use, value: String, provided: Bool) throws -> [String] {
    let body = use.body.replacingOccurrences(of: "VALUE", with: value)
    return try analyze(declarations(), caller: body, provided: provided).map {
      "\($0.location.line): [\($0.id.rawValue)] \($0.message)"
    }
  }

  private func analyze(_ declarations: String, caller body: String, provided: Bool) throws -> [Diagnostic] {
    let source = declarations + """
      func start() {
        let scope = ImplicitScope()
        defer { scope.end() }
        \(provided ? "@Implicit var analytics = Analytics()" : "")
        \(body)
      }

      """
    let directory = try ScratchDirectory()
    let path = try directory.write("App.swift", source)
    let result = try Analyzer.analyze(AnalysisOptions(moduleName: "App", sourcePaths: [path]))
    return result.diagnostics.filter { $0.severity == .error }
  }
}
#endif
