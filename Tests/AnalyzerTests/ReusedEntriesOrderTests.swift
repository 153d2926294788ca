#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check keeps the last run's order of the interface's functions when no function
/// was added, removed or renamed and every pair an edit can have changed is still in
/// order (`KeptOrder`): two private `helper`s of the same signature are ordered by what
/// they require, and an edit two files away (`W.swift`) changes what one requires.
@Suite struct ReusedEntriesOrderTests {
  static let files: [String: String] = [
    "T.swift": "struct Alpha {}\nstruct Beta {}\nstruct Network {}\nstruct Zeta {}\n",
    "W.swift": "func source(_ scope: ImplicitScope) {\n  @Implicit var a: Alpha\n}\n",
    "X.swift": "private func helper(_ scope: ImplicitScope) {\n  source(scope)\n}\n",
    "Y.swift": "private func helper(_ scope: ImplicitScope) {\n  @Implicit var n: Network\n}\n",
  ]

  /// `X.helper` now requires `Beta`, still before `Network`: the order is kept; `source`
  /// (its file changed) and `X.helper` (reached) are printed anew.
  @Test func aReachedFunctionStillInOrderKeepsIt() throws {
    let module = try ReusedEntriesTests.Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write("W.swift", Self.files["W.swift"]!.replacingOccurrences(of: "Alpha", with: "Beta"))
    let warm = try module.check(cached: true)
    #expect(warm.keptOrder)
    #expect(warm.reusedEntries == 1)
    try? FileManager.default.removeItem(atPath: module.directory.path("cold"))
    let cold = try module.check(cached: false, outputs: "cold")
    #expect(warm.diagnostics == cold.diagnostics)
    #expect(FileManager.default.contents(atPath: module.interface()) == FileManager.default.contents(atPath: module.interface("cold")))
  }

  /// `X.helper` now requires `Zeta`, after `Network`: the two helpers change places, so
  /// the order is sorted anew (and every entry printed: positions moved).
  @Test func aReachedFunctionOutOfOrderIsSorted() throws {
    let module = try ReusedEntriesTests.Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write("W.swift", Self.files["W.swift"]!.replacingOccurrences(of: "Alpha", with: "Zeta"))
    let warm = try module.check(cached: true)
    #expect(!warm.keptOrder)
    #expect(warm.reusedEntries == 0)
    let cold = try module.check(cached: false, outputs: "cold")
    #expect(warm.diagnostics == cold.diagnostics)
    #expect(FileManager.default.contents(atPath: module.interface()) == FileManager.default.contents(atPath: module.interface("cold")))
  }

  /// A body edit keeps the order, and so do a function added (put in by bisection) and
  /// removed; a function renamed past its neighbours does not.
  @Test func editsThatKeepTheOrderAndEditsThatDoNot() throws {
    let module = try ReusedEntriesTests.Module()
    _ = try module.check(cached: true)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]! + "\n// edited\n")
    #expect(try module.check(cached: true).keptOrder)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]!.replacingOccurrences(of: "stamp", with: "aStamp"))
    #expect(try !module.check(cached: true).keptOrder)
    // Renamed back: `stamp` is where `aStamp` was, out of order.
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]!)
    #expect(try !module.check(cached: true).keptOrder)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]! + "func added(_ scope: ImplicitScope) {}\n")
    #expect(try module.check(cached: true).keptOrder)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]! + "func added(_ scope: ImplicitScope) {}\n// edited\n")
    #expect(try module.recheckEqualsCold().copied == ReusedEntriesTests.order.count - 3)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]!)
    #expect(try module.check(cached: true).keptOrder)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]! + "\n// edited again\n")
    #expect(try module.check(cached: true).keptOrder)
    try module.write("C.swift", ReusedEntriesTests.files["C.swift"]! + "\n// edited once more\n")
    #expect(try module.recheckEqualsCold().copied == ReusedEntriesTests.order.count - 3)
  }
}
#endif
