#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// Code that does not use Implicits gets no diagnostic and does not crash the analyzer:
/// every module of real packages is analysed, from the local copies this kind of machine
/// has under `/opt/swift-packages` (bare git repositories). A package whose copy is absent
/// is skipped, and the skip says which.
///
/// The debug analyzer parses about 20 files/s here, so only a sample of the larger
/// packages runs in `swift test`; `Benchmarks/Analyzer/foreign-packages.py` runs the release
/// analyzer over whole packages.
@Suite struct PackagesWithoutImplicitsTests {
  /// A tagged version of a package on this machine, and the module folders to analyse.
  struct LocalPackage: Sendable {
    var repository: String
    var version: String
    /// Paths inside the package whose subfolders are modules (`Sources`, `Tests`), or a
    /// module folder itself (`Sources/SwiftIfConfig`).
    var folders: [String]

    var gitDirectory: String { "/opt/swift-packages/\(repository).git" }
    var isAvailable: Bool { FileManager.default.fileExists(atPath: gitDirectory) }
    var absence: Comment { "no local copy of \(repository) at \(gitDirectory); skipped" }
  }

  static let argumentParser = LocalPackage(
    repository: "apple/swift-argument-parser", version: "1.8.2", folders: ["Sources", "Tests", "Examples"])
  static let collections = LocalPackage(
    repository: "apple/swift-collections", version: "1.6.0",
    folders: ["Sources/DequeModule", "Sources/HeapModule", "Sources/ContainersPreview"])
  /// `Tests/SwiftSyntaxTest` has files nested deeper than the 20 levels swift-syntax's
  /// parser accepts in a debug build (`SyntaxVisitorTests.swift`, brackets 24 deep by
  /// line 102): without it the sample had none, and the debug analyzer said "cannot parse"
  /// for such files unseen until cfab8a5.
  static let syntax = LocalPackage(
    repository: "swiftlang/swift-syntax", version: "602.0.0",
    folders: ["Sources/SwiftIfConfig", "Sources/SwiftSyntaxMacroExpansion", "Sources/SwiftCompilerPluginMessageHandling",
      "Sources/SwiftOperators", "Tests/SwiftSyntaxTest"])
  static let asyncAlgorithms = LocalPackage(
    repository: "apple/swift-async-algorithms", version: "1.1.4", folders: ["Sources"])

  @Test(.enabled(if: argumentParser.isAvailable, argumentParser.absence))
  func swiftArgumentParser() throws { try Self.expectNothingReported(in: Self.argumentParser) }

  @Test(.enabled(if: collections.isAvailable, collections.absence))
  func swiftCollections() throws { try Self.expectNothingReported(in: Self.collections) }

  @Test(.enabled(if: syntax.isAvailable, syntax.absence))
  func swiftSyntax() throws { try Self.expectNothingReported(in: Self.syntax) }

  @Test(.enabled(if: asyncAlgorithms.isAvailable, asyncAlgorithms.absence))
  func swiftAsyncAlgorithms() throws { try Self.expectNothingReported(in: Self.asyncAlgorithms) }

  static func expectNothingReported(in package: LocalPackage) throws {
    let directory = try ScratchDirectory()
    try extract(package, into: directory.url.path)
    let modules = moduleFolders(of: package, in: directory.url.path)
    #expect(!modules.isEmpty, "no Swift module found in \(package.repository) \(package.version)")
    for (name, files) in modules {
      let result = try Analyzer.analyze(AnalysisOptions(moduleName: name, sourcePaths: files))
      #expect(
        result.diagnostics.isEmpty,
        "\(package.repository) \(package.version), module \(name):\n\(result.renderDiagnostics(.text))")
    }
  }

  /// `git archive VERSION FOLDERS | tar -x`: the package's files without a checkout.
  private static func extract(_ package: LocalPackage, into path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let folders = package.folders.map { "'\($0)'" }.joined(separator: " ")
    process.arguments = ["-c", "git -C '\(package.gitDirectory)' archive \(package.version) \(folders) | tar -x -C '\(path)'"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "could not extract \(package.folders) of \(package.repository) \(package.version)")
  }

  /// Module name → its Swift files (recursively), for each module folder.
  private static func moduleFolders(of package: LocalPackage, in root: String) -> [(String, [String])] {
    let manager = FileManager.default
    var folders: [String] = []
    for folder in package.folders {
      let path = root + "/" + folder
      let children = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
      let isModule = children.contains { $0.hasSuffix(".swift") } || folder.split(separator: "/").count > 1
      folders += isModule ? [path] : children.map { path + "/" + $0 }
    }
    return folders.compactMap { folder in
      let files = (manager.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
      return files.isEmpty ? nil : ((folder as NSString).lastPathComponent, files)
    }
  }
}
#endif
