#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A callee that takes an escaping closure and requires nothing, changed in one file,
/// changes how an unchanged file's call reads the closure it passes: resolved, the closure
/// is a scope closure (its scope where `Handler` says) and its call's requirements are the
/// caller's; unresolved, its `scope` is an untyped closure parameter. No edge joins the two
/// files in either graph, so no seed reaches the caller. Found by `Tests/Incremental/corpus.py
/// --corpus fixture:app-closure-typealiases --seed 3 --edits 12 --targeted` (edit 12:
/// `fileprivate` added to `Router.add`): the cached re-check kept `makeRouter`'s link and its
/// `Session` (`ReprintedEntries+TypeFacts`, `escapingClosureCallables`).
@Suite struct ReusedEntriesEscapingClosureTests {
  static let router = """
    typealias Handler = (Int, ImplicitScope) -> Void

    struct Router {
      func add(_ handler: @escaping Handler) {}
    }

    """
  static let caller = """
    struct Session {}

    func profile(_ scope: ImplicitScope) {
      @Implicit var session: Session
    }

    func makeRouter(_ scope: ImplicitScope) {
      let router = Router()
      router.add { value, scope in profile(scope) }
    }

    """

  struct Edit: CustomTestStringConvertible, Sendable {
    var name: String
    var router: String
    var keepsCopies: Bool
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(name: "callee renamed", router: router.replacingOccurrences(of: "func add(", with: "func append("), keepsCopies: false),
    Edit(name: "callee made fileprivate", router: router.replacingOccurrences(of: "  func add", with: "  fileprivate func add"),
      keepsCopies: false),
    Edit(name: "parameter no longer takes a scope",
      router: router.replacingOccurrences(of: "@escaping Handler", with: "@escaping (Int) -> Void"), keepsCopies: false),
    // The control: a function added after the callee changes no call's answer.
    Edit(name: "another function added", router: router + "func unrelated() {}\n", keepsCopies: true),
  ]

  @Test(arguments: edits) func anEscapingClosureCalleeChangedElsewhereReachesTheCaller(_ edit: Edit) throws {
    let (first, warm, cold) = try Self.checks(router: Self.router, caller: Self.caller, edited: edit.router)
    #expect((first.interface != cold.interface) == !edit.keepsCopies, "the edit changes the interface, or not")
    #expect(warm.interface == cold.interface)
    #expect(warm.report.diagnostics == cold.report.diagnostics)
    #expect((warm.report.reusedEntries > 0) == edit.keepsCopies, "copied \(warm.report.reusedEntries)")
  }

  /// A callee with a non-escaping closure parameter declared in another file: the closure
  /// `waits` passes, unclassified while no file declared `later`, now runs in place, and
  /// `waits` requires what it reads. Before, the re-check copied `waits`' entry requiring
  /// nothing (the callee was no type fact: it keeps no closure) in a module without a
  /// closure property (`PatchedCallsTests.aClosureArgumentsCalleeDeclaredElsewhereRebuildsTheFile`
  /// has one, which kept every entry from being copied there).
  @Test func aNonEscapingClosureCalleeDeclaredElsewhereReachesTheCaller() throws {
    let caller = """
      struct Clock {}
      func waits(_ scope: ImplicitScope) { later { @Implicit var clock: Clock; print(clock) } }

      """
    let (first, warm, cold) = try Self.checks(
      router: "func unrelated() {}\n", caller: caller, edited: "func later(_ body: () -> Void) { body() }\n")
    #expect(first.interface != cold.interface)
    #expect(warm.interface == cold.interface)
    #expect(warm.report.diagnostics == cold.report.diagnostics)
  }

  /// `A.swift` as `router`, `B.swift` as `caller`: a cached check, `A.swift` rewritten as
  /// `edited`, a cached re-check and a check from scratch.
  private static func checks(router: String, caller: String, edited: String) throws -> (
    first: (interface: Data?, report: CheckRun.Report), warm: (interface: Data?, report: CheckRun.Report),
    cold: (interface: Data?, report: CheckRun.Report)
  ) {
    let directory = try ScratchDirectory()
    try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
    try directory.write("src/A.swift", router)
    try directory.write("src/B.swift", caller)
    func check(_ outputs: String, cached: Bool) throws -> (interface: Data?, report: CheckRun.Report) {
      try? FileManager.default.createDirectory(atPath: directory.path(outputs), withIntermediateDirectories: true)
      let report = try CheckRun(
        options: AnalysisOptions(moduleName: "App", sourcePaths: ["A.swift", "B.swift"].map { directory.path("src/" + $0) }),
        format: .text, interfaceOutput: directory.path(outputs + "/App.implicitinterface"), supportFileOutput: nil,
        cacheDirectory: cached ? directory.path("cache") : nil
      ).run()
      return (FileManager.default.contents(atPath: directory.path(outputs + "/App.implicitinterface")), report)
    }
    let first = try check("out", cached: true)
    try directory.write("src/A.swift", edited)
    return (first, try check("out", cached: true), try check("cold", cached: false))
  }
}
#endif
