#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check replays the scope frames of each file whose keys it replays
/// (`SimulatedFrames` in the file's `ResolvedKeysRecord`), simulates them again where a
/// closure alias they read changed in another file, and never trusts them blindly.
@Suite struct SimulatedFramesTests {
  typealias Module = SummaryCacheTests.Module

  /// The module of `SummaryCacheTests` without its `#if`: one configuration, so each file
  /// is simulated once per run.
  static func module() throws -> Module {
    let module = try Module()
    try module.write("C.swift", """
      func debugMain() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var store = Store()
        fetch(scope)
      }

      """)
    return module
  }

  static func options(_ module: Module) -> AnalysisOptions {
    var options = module.options
    options.keepsBodyEffects = false
    return options
  }

  static func analyze(_ module: Module, cache: SummaryCache?) throws -> AnalysisResult {
    try Analyzer.analyze(options(module), sources: SourceReader.read(module.paths), cache: cache)
  }

  /// A check with the cache whose records are saved, as `check` saves them.
  static func fill(_ module: Module) throws {
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    _ = try analyze(module, cache: cache)
    cache.save()
    cache.resolvedKeys.save()
  }

  /// After a body edit the edited file is simulated, the other two replay their frames,
  /// and everything the check writes is a cold check's.
  @Test func unchangedFilesReplayTheirFrames() throws {
    let module = try Self.module()
    try Self.fill(module)
    try module.write("B.swift", SummaryCacheTests.files["B.swift"]! + """
      func later(_ scope: ImplicitScope) {
        @Implicit var store: Store
        fetch(scope)
      }

      """)
    try Self.recheck(module, recorded: 1, resimulated: 0, replayed: 2)
  }

  /// A re-check with the cache: how many files' keys it resolved anew, whose frames it
  /// simulated again and whose it replayed; and everything it made is a cold check's.
  static func recheck(_ module: Module, recorded: Int, resimulated: Int, replayed: Int) throws {
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try analyze(module, cache: cache)
    cache.save()
    #expect(cache.resolvedKeys.recorded == recorded)
    #expect(cache.resolvedKeys.resimulated == resimulated)
    #expect(cache.resolvedKeys.replayed == replayed)
    let cold = try analyze(module, cache: nil)
    #expect(result.diagnostics == cold.diagnostics)
    #expect(result.interface == cold.interface)
    #expect(result.supportFile == cold.supportFile)
    #expect(Canonical.text(result.files) == Canonical.text(cold.files))
  }

  /// The effects that look a closure alias up: a closure stored into a property of an
  /// alias's type, and a call through a value of that type. The properties are not
  /// internal, so that no key of the file (an exported property's) reads the alias.
  static let aliasUsers = [
    """
    final class Button {
      fileprivate var onTap: Handler?
    }
    func wire(_ button: Button) {
      button.onTap = { scope in
        @Implicit var network: Network
      }
    }

    """,
    """
    final class Screen {
      private var onLoad: Handler?
      func load(_ scope: ImplicitScope) {
        let handler: Handler? = onLoad
        handler?(scope)
      }
    }

    """,
  ]

  /// A closure alias retargeted in its own file: the unchanged file whose frames read it
  /// is simulated again (its keys are still replayed), and the check is a cold check's.
  @Test(arguments: aliasUsers, [
    "typealias Handler = (Int) -> Void\n",
    "typealias Handler = (Int, ImplicitScope) -> Void\n",
  ])
  func anAliasEditedElsewhereSimulatesItsReadersAgain(_ user: String, _ edited: String) throws {
    let module = try Self.module()
    try module.write("D.swift", "typealias Handler = (ImplicitScope) -> Void\n")
    try module.write("E.swift", user)
    try Self.fill(module)

    try module.write("D.swift", edited)
    try Self.recheck(module, recorded: 1, resimulated: 1, replayed: 3)
  }

  /// Every record's frames replaced by bytes that are not frames (the record itself and
  /// the file around it intact): the frames are simulated anew with one warning, and the
  /// next run replays the rewritten ones silently.
  @Test(arguments: [[], [7, 7, 7], [0]] as [[UInt8]])
  func malformedFramesAreSimulatedAnewWithOneWarning(_ bytes: [UInt8]) throws {
    let module = try Self.module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let path = module.cache + "/App.summaries/" + ResolvedKeysStore.fileName
    let store = ResolvedKeysStore(path: path)
    for entry in try module.entries() {
      let name = String(entry.split(separator: "/").last!)
      var record = try #require(store.record(for: name))
      record.frames = bytes
      store.keep(record, for: name)
    }
    store.save()
    try module.forgetResult()
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("frames are malformed") == true)

    try module.forgetResult()
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    _ = try Self.analyze(module, cache: cache)
    #expect(cache.warning == nil)
    #expect(cache.resolvedKeys.replayed == module.paths.count)
  }

  /// Each record of the module rewritten by `change` (and framed again, so that its
  /// checksum holds): what a writer of another build would leave.
  static func rewriteRecords(_ module: Module, _ change: (inout ResolvedKeysRecord) -> Void) throws {
    let store = ResolvedKeysStore(path: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)
    for entry in try module.entries() {
      let name = String(entry.split(separator: "/").last!)
      var record = try #require(store.record(for: name))
      change(&record)
      store.keep(record, for: name)
    }
    store.save()
  }

  /// A file whose frames are replayed reads only the pairs its declarations ask: its
  /// bodies' pairs, made unreadable, are not read, and the check is a cold check's.
  @Test func replayedFramesDoNotReadTheBodiesKeys() throws {
    let module = try Self.module()
    try Self.fill(module)
    try Self.rewriteRecords(module) { $0.bodyKeys = [7, 7, 7] }
    try Self.recheck(module, recorded: 0, resimulated: 0, replayed: module.paths.count)
  }

  /// Frames that cannot be replayed and bodies' pairs that cannot be read: the keys are
  /// resolved anew with one warning, and the next run replays the new records silently.
  @Test(arguments: [[], [7, 7, 7], [0xFF]] as [[UInt8]])
  func malformedBodiesKeysAreResolvedAnewWithOneWarning(_ bytes: [UInt8]) throws {
    let module = try Self.module()
    try Self.fill(module)
    try Self.rewriteRecords(module) { record in
      record.frames = [7, 7, 7]
      record.bodyKeys = bytes
    }
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    _ = try Self.analyze(module, cache: cache)
    #expect(cache.resolvedKeys.recorded == module.paths.count)
    #expect(cache.resolvedKeys.resimulated == 0)
    #expect(cache.warning?.contains("malformed") == true)
    cache.save()
    cache.resolvedKeys.save()
    try Self.recheck(module, recorded: 0, resimulated: 0, replayed: module.paths.count)
    let again = SummaryCache(directory: module.cache, moduleName: "App")
    _ = try Self.analyze(module, cache: again)
    #expect(again.warning == nil)
  }

  /// Every byte of a real record's bodies' pairs matters to the reader: each truncation is
  /// rejected, never read as fewer pairs.
  @Test func everyTruncationOfTheBodiesKeysIsRejected() throws {
    let module = try Self.module()
    _ = try module.check(cached: true)
    let store = ResolvedKeysStore(path: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)
    let records = try module.entries().compactMap { store.record(for: String($0.split(separator: "/").last!)) }
    let record = try #require(records.max { $0.bodyKeys.count < $1.bodyKeys.count })
    #expect(try record.resolved().count > record.declared.count)
    for length in 0..<record.bodyKeys.count {
      var truncated = record
      truncated.bodyKeys = Array(record.bodyKeys.prefix(length))
      #expect(throws: CacheReader.Malformed.self) { _ = try truncated.resolved() }
    }
  }

  /// Every byte of a real record's frames matters to the reader: each truncation is
  /// rejected, never read as fewer frames.
  @Test func everyTruncationOfFramesIsRejected() throws {
    let module = try Self.module()
    _ = try module.check(cached: true)
    let store = ResolvedKeysStore(path: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)
    let names = try module.entries().map { String($0.split(separator: "/").last!) }
    let records = names.compactMap { store.record(for: $0) }
    #expect(records.count == names.count)
    let record = try #require(records.max { $0.frames.count < $1.frames.count })
    #expect(try !record.frames(file: 3).contributions.isEmpty)
    for length in 0..<record.frames.count {
      var truncated = record
      truncated.frames = Array(record.frames.prefix(length))
      #expect(throws: CacheReader.Malformed.self) { _ = try truncated.frames(file: 3) }
    }
  }
}
#endif
