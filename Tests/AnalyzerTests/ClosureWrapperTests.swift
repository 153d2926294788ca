#if ImplicitsAnalysis
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

/// What the support file generates for a named closure wrapper: its signature follows the
/// closure (leading parameters, `async`, `throws`, `@Sendable`), and its bag holds what
/// the closure's body needs.
@Suite struct ClosureWrapperTests {
  static let declarations = """
    struct Router {}
    func open(_ row: Int, _ scope: ImplicitScope) { @Implicit var router: Router }
    func load(_ scope: ImplicitScope) async throws -> Int { @Implicit var router: Router; return 1 }

    """

  /// The call in `start(_:)` → the generated function's signature.
  @Test(arguments: [
    ("withRetryImplicits { scope in open(1, scope) }",
     "func withRetryImplicits<R>(\n  _ body: @escaping (ImplicitScope) -> R\n) -> () -> R {"),
    ("withRowImplicits { (row: Int, scope) in open(row, scope) }",
     "func withRowImplicits<P0, R>(\n  _ body: @escaping (P0, ImplicitScope) -> R\n) -> (P0) -> R {"),
    ("withPairImplicits { a, b, scope in open(a + b, scope) }",
     "func withPairImplicits<P0, P1, R>(\n  _ body: @escaping (P0, P1, ImplicitScope) -> R\n) -> (P0, P1) -> R {"),
    ("withLoadImplicits { scope in try await load(scope) }",
     "func withLoadImplicits<R>(\n  _ body: @escaping (ImplicitScope) async throws -> R\n) -> () async throws -> R {"),
    ("withCaughtImplicits { scope in do { _ = try await load(scope) } catch {} }",
     "func withCaughtImplicits<R>(\n  _ body: @escaping (ImplicitScope) async -> R\n) -> () async -> R {"),
    ("withOptionalImplicits { scope in _ = try? await load(scope) }",
     "func withOptionalImplicits<R>(\n  _ body: @escaping (ImplicitScope) async -> R\n) -> () async -> R {"),
    ("withSendableImplicits { @Sendable (row: Int, scope) in open(row, scope) }",
     "func withSendableImplicits<P0, R>(\n  _ body: @Sendable @escaping (P0, ImplicitScope) -> R\n) -> @Sendable (P0) -> R {"),
    ("withShorthandImplicits { open($0, $1) }",
     "func withShorthandImplicits<P0, R>(\n  _ body: @escaping (P0, ImplicitScope) -> R\n) -> (P0) -> R {"),
  ])
  func theSignatureFollowsTheClosure(_ call: String, _ signature: String) throws {
    let result = try analyze("func start(_ scope: ImplicitScope) { _ = \(call) }\n")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.supportFile.contains(signature), "\(result.supportFile)")
  }

  @Test func theBagHoldsWhatTheBodyNeedsAndTheScopeNamesTheCall() throws {
    let source = """
      func start(_ scope: ImplicitScope) {
        let select = withRowImplicits { (row: Int, scope) in open(row, scope) }
        select(1)
      }

      """
    let result = try analyze(source)
    let support = result.supportFile
    #expect(support.contains("  let bag = Implicits(unsafeKeys: __implicitsKeys0)"), "\(support)")
    #expect(support.contains("private let __implicitsKeys0: [ImplicitKeyIdentifier] = [Implicits.getRawKey(Router.self)]"), "\(support)")
    #expect(support.contains("let scope = ImplicitScope(with: bag, file: \"App/App.swift\", line: 5)"), "\(support)")
    #expect(support.contains("    return body(p0, scope)"), "\(support)")
    // Deterministic: the same inputs give the same file.
    #expect(try analyze(source).supportFile == support)
  }

  /// A body that declares what it reads needs nothing from the call site: an empty bag.
  @Test func aBodyThatDeclaresItsValuesCapturesNothing() throws {
    let result = try analyze("""
      func start(_ scope: ImplicitScope) {
        _ = withPreviewImplicits { scope in
          @Implicit var router = Router()
          open(1, scope)
        }
      }

      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.supportFile.contains("  let bag = Implicits()\n"), "\(result.supportFile)")
  }

  private func analyze(_ body: String) throws -> AnalysisResult {
    let directory = try ScratchDirectory()
    let path = try directory.write("App.swift", Self.declarations + body)
    return try Analyzer.analyze(AnalysisOptions(moduleName: "App", sourcePaths: [path]))
  }
}
#endif
