#if ImplicitsAnalysis
import Foundation
import Testing

@testable import ImplicitsAnalysis

/// Outputs are written whole, and an unchanged output is not touched (the build system
/// would otherwise rebuild what depends on it).
struct OutputFileTests {
  /// Larger than one comparison chunk (1 MiB), so that a difference past the first chunk
  /// must be found.
  static let size = (1 << 20) + 4097

  static func inode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
  }

  @Test func unchangedBytesKeepTheFile() throws {
    let dir = try ScratchDirectory()
    let path = dir.path("Big.implicitinterface")
    let bytes = (0..<Self.size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try OutputFile.write(bytes, to: path)
    let first = try Self.inode(path)
    try OutputFile.write(bytes, to: path)
    #expect(try Self.inode(path) == first)
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
  }

  @Test(arguments: [0, 1 << 20, Self.size - 1])
  func aChangeOfTheSameSizeIsWritten(at position: Int) throws {
    let dir = try ScratchDirectory()
    let path = dir.path("Big.implicitinterface")
    var bytes = [UInt8](repeating: 7, count: Self.size)
    try OutputFile.write(bytes, to: path)
    bytes[position] = 8
    try OutputFile.write(Data(bytes), to: path)
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
  }

  @Test func aShorterOutputReplacesALongerOne() throws {
    let dir = try ScratchDirectory()
    let path = dir.path("Support.swift")
    try OutputFile.write(Array("let a = 1\nlet b = 2\n".utf8), to: path)
    try OutputFile.write(Array("let a = 1\n".utf8), to: path)
    #expect(FileManager.default.contents(atPath: path) == Data("let a = 1\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("")) == ["Support.swift"])
  }

  @Test func anUnwritableDirectoryIsReportedWithThePath() throws {
    let path = "/nonexistent-\(UUID())/Out.implicitinterface"
    #expect {
      try OutputFile.write([1, 2, 3], to: path)
    } throws: { error in
      (error as? AnalysisFailure)?.description.hasPrefix("\(path): error: cannot write output: ") == true
    }
  }
}
#endif
