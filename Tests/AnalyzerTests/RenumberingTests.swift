#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The outputs do not depend on the graph's raw ids (design step 1, `Benchmarks/Analyzer/
/// README.md`): with every node and key id shuffled after the solve (`Renumbering`), the
/// diagnostics, interface and support file are the same bytes. A graph kept from the last
/// run, with ids of its own, can then print what a cold check prints — if it is solved in a
/// cold build's node order: shuffled before the solve, some notes and links change.
@Suite struct RenumberingTests {
  static let fixtures = [
    "app-notes", "app-route-tables", "app-written-blind-mail", "app-closure-typealiases",
    "app-middleware-closure-values", "cross-module-app-chain", "cross-module-notes-through-closures",
    "multi-file-chain", "multi-file-stored", "private-names-per-file",
  ]

  static var inputs: [String] { ["generated", "app corpus", "Examples"] + fixtures }

  /// The input named `name`; the generated module is written to `directory`.
  static func input(_ name: String, in directory: ScratchDirectory) throws -> CheckedModules {
    switch name {
    case "generated": try CheckedModules.generated(files: 40, errors: 4, in: directory.path("generated"))
    case "app corpus": CheckedModules.appCorpus
    case "Examples": CheckedModules.examples
    default: CheckedModules.fixture(name)
    }
  }

  static func outputs(
    _ input: CheckedModules, _ renumbering: Renumbering?, in directory: ScratchDirectory
  ) throws -> [[UInt8]] {
    try Renumbering.$applied.withValue(renumbering) { try input.outputs(in: directory.path(".")) }
  }

  @Test(arguments: inputs)
  func outputsDoNotReadRawIDs(_ name: String) throws {
    let directory = try ScratchDirectory()
    let input = try Self.input(name, in: directory)
    #expect(input.modules.allSatisfy { !$0.files.isEmpty })
    let cold = try Self.outputs(input, nil, in: directory)
    #expect(cold.contains { !$0.isEmpty })
    for seed in [UInt64(1), 2, 3] {
      let renumbered = try Self.outputs(input, Renumbering(seed: seed), in: directory)
      for (index, output) in renumbered.enumerated() {
        let difference = Self.firstDifference(output, cold[index])
        #expect(difference == nil, "\(name), seed \(seed): module \(index / 3), output \(index % 3): \(difference ?? "")")
      }
    }
  }

  /// The first line where `a` and `b` differ, both ways; `nil` if they are the same bytes.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
    guard a != b else { return nil }
    let (left, right) = (String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false),
      String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false))
    let line = zip(left, right).enumerated().first { $1.0 != $1.1 }?.offset ?? min(left.count, right.count)
    func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line].prefix(200)) : "(end)" }
    return "line \(line + 1): \(at(left)) | cold: \(at(right))"
  }

  /// Planted: solved after the shuffle, the worklist runs in another order, and some inputs'
  /// notes or links name another edge (a patched solve must re-solve in cold order).
  @Test func outputsOfASolveInAnotherOrderDiffer() throws {
    let directory = try ScratchDirectory()
    var differing: [String] = []
    for name in ["generated", "app corpus", "Examples"] {
      let input = try Self.input(name, in: directory)
      let cold = try Self.outputs(input, nil, in: directory)
      for seed in [UInt64(1), 2, 3] {
        let renumbered = try Self.outputs(input, Renumbering(seed: seed, stage: .beforeSolve), in: directory)
        let outputs = renumbered.indices.filter { renumbered[$0] != cold[$0] }
        if !outputs.isEmpty { differing.append("\(name) seed \(seed): outputs \(outputs)") }
      }
    }
    #expect(!differing.isEmpty, "a solve in another node order printed the same everywhere")
  }

  /// The shuffle itself: a permutation, the same for a seed, another for another seed.
  @Test func renumberingIsAPermutation() {
    let a = Renumbering(seed: 1).permutation(1_000, salt: 1)
    #expect(a.sorted() == Array(0..<1_000))
    #expect(a == Renumbering(seed: 1).permutation(1_000, salt: 1))
    #expect(a != Renumbering(seed: 2).permutation(1_000, salt: 1))
    #expect(a != Renumbering(seed: 1).permutation(1_000, salt: 2))
    #expect(a.enumerated().filter { $0.offset == $0.element }.count < 20)
  }
}
#endif
