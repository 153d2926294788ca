#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Mutated sources (truncations, random byte flips) never crash the analyzer: each run
/// either analyses the file or fails with one message naming it.
@Suite struct FuzzTests {
  /// Deterministic xorshift so failures reproduce.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
  }

  static var seeds: [String] {
    Fixture.all.filter { $0.name.hasSuffix(".swift") }.map { Fixture.root.appendingPathComponent($0.name).path }
  }

  static func analyze(_ bytes: [UInt8]) -> String {
    var options = AnalysisOptions(moduleName: "Fuzz", sourcePaths: ["Fuzz.swift"])
    options.defines = ["DEBUG"]
    do {
      let result = try Analyzer.analyze(options, sources: [SourceText(path: "Fuzz.swift", bytes: bytes)])
      _ = result.renderDiagnostics(.json)
      _ = result.interface.encoded()
      _ = result.supportFile
      _ = result.renderGraph(.dot)
      return "ok"
    } catch {
      #expect(error.description.hasPrefix("Fuzz.swift"))
      return "failure"
    }
  }

  @Test func truncationsNeverCrash() throws {
    for path in Self.seeds {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      for length in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 25)) {
        _ = Self.analyze(Array(bytes.prefix(length)))
      }
    }
  }

  @Test func byteFlipsNeverCrash() throws {
    var random = Generator(state: 0x9E37_79B9_7F4A_7C15)
    var outcomes: [String: Int] = [:]
    for path in Self.seeds {
      let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      guard !original.isEmpty else { continue }
      for _ in 0..<20 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let index = Int.random(in: 0..<bytes.count, using: &random)
          bytes[index] = UInt8.random(in: 0...255, using: &random)
        }
        outcomes[Self.analyze(bytes), default: 0] += 1
      }
    }
    #expect(outcomes.values.reduce(0, +) > 500)
  }

  @Test func structuralMutationsNeverCrash() throws {
    var random = Generator(state: 42)
    let tokens = ["{", "}", "(", ")", "#if X", "#endif", "scope.end()", "@Implicit var x", "#implicits", "defer {", "in", ",", "\\."]
    for path in Self.seeds {
      var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
      for _ in 0..<10 {
        let index = Int.random(in: 0...lines.count, using: &random)
        lines.insert(tokens.randomElement(using: &random)!, at: index)
        _ = Self.analyze(Array(lines.joined(separator: "\n").utf8))
      }
    }
  }
}
#endif
