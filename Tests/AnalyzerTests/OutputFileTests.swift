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

  /// The interface is streamed in pieces: a difference after a prefix that matched over
  /// several pieces must keep that prefix, and only an output equal to the old file in
  /// every byte and in length keeps the file.
  @Test(arguments: [
    (old: "abcdef", new: "abcdef", piece: 2),
    (old: "abcdef", new: "abcdXf", piece: 2),
    (old: "abcdef", new: "abcdefgh", piece: 3),
    (old: "abcdef", new: "abc", piece: 1),
    (old: "", new: "abc", piece: 2),
    (old: "abc", new: "", piece: 2),
  ])
  func aStreamWrittenInPiecesEndsAsTheWholeOutput(old: String, new: String, piece: Int) throws {
    let dir = try ScratchDirectory()
    let path = dir.path("Streamed.implicitinterface")
    try OutputFile.write(Array(old.utf8), to: path)
    let before = try Self.inode(path)
    let stream = OutputFile.Stream(path: path)
    let bytes = Array(new.utf8)
    for start in stride(from: 0, to: bytes.count, by: piece) {
      bytes[start..<min(start + piece, bytes.count)].withUnsafeBytes { stream.write($0) }
    }
    try stream.finish()
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    #expect((try Self.inode(path) == before) == (old == new))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("")) == ["Streamed.implicitinterface"])
  }

  @Test func aStreamThatIsNotFinishedLeavesTheOldFile() throws {
    let dir = try ScratchDirectory()
    let path = dir.path("Streamed.implicitinterface")
    try OutputFile.write(Array("old".utf8), to: path)
    do {
      let stream = OutputFile.Stream(path: path)
      Array("new and longer".utf8).withUnsafeBytes { stream.write($0) }
    }
    #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("")) == ["Streamed.implicitinterface"])
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
