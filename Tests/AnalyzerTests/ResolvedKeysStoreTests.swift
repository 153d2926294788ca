#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The file of resolved keys after an edit: the records a run made are appended and the
/// rest stays on disk as it was; the file is rewritten only when it is mostly records no
/// file uses, or damaged. Each record is framed on its own, so a torn append costs that
/// record alone.
@Suite struct ResolvedKeysStoreTests {
  typealias Module = SummaryCacheTests.Module

  static func bytes(_ module: Module) throws -> [UInt8] {
    try #require(FileManager.default.contents(atPath: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)).map { $0 }
  }

  static func edit(_ module: Module, _ number: Int) throws {
    try module.write("B.swift", SummaryCacheTests.files["B.swift"]! + "\n// edit \(number)\n")
  }

  /// Analyses with the cache as `CheckRun` does, and says how many records were made.
  static func recheck(_ module: Module) throws -> (recorded: Int, warning: String?) {
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    #expect(result.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)
    cache.save()
    cache.resolvedKeys.save()
    return (cache.resolvedKeys.recorded, cache.warning)
  }

  @Test func aBodyEditAppendsItsRecordAndLeavesTheRestInPlace() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let before = try Self.bytes(module)
    try Self.edit(module, 1)
    #expect(try Self.recheck(module).recorded == 1)
    let after = try Self.bytes(module)
    #expect(after.count > before.count)
    #expect(Array(after.prefix(before.count)) == before)
    // The appended record replaces the one it supersedes: nothing is resolved again.
    let again = try Self.recheck(module)
    #expect(again.recorded == 0)
    #expect(again.warning == nil)
    #expect(try Self.bytes(module) == after)
  }

  /// Edits of one file, one after another: each appends a record and the old one is dead;
  /// once the dead outweigh the live the file is rewritten with the live ones alone.
  @Test func repeatedEditsKeepTheFileBounded() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let fresh = try Self.bytes(module).count
    var sizes: [Int] = []
    for number in 1...16 {
      try Self.edit(module, number)
      #expect(try Self.recheck(module).recorded == 1)
      sizes.append(try Self.bytes(module).count)
    }
    #expect(sizes.max()! < 3 * fresh)
    #expect(zip(sizes, sizes.dropFirst()).contains { $1 < $0 })
    #expect(try Self.recheck(module).recorded == 0)
  }

  /// An append cut short (the last frame torn): that record is made again, with one
  /// warning; the records before it are read, and the next run is silent.
  @Test func aTornAppendCostsItsRecordOnly() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try Self.edit(module, 1)
    _ = try Self.recheck(module)
    let path = module.cache + "/App.summaries/" + ResolvedKeysStore.fileName
    try Data(try Self.bytes(module).dropLast(3)).write(to: URL(fileURLWithPath: path))
    let torn = try Self.recheck(module)
    #expect(torn.recorded == 1)
    #expect(torn.warning?.contains("(\(ResolvedKeysStore.fileName): truncated or malformed") == true)
    let again = try Self.recheck(module)
    #expect(again.recorded == 0)
    #expect(again.warning == nil)
  }
}
#endif
