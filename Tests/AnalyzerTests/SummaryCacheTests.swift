#if ImplicitsAnalysis
import Dispatch
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The per-file cache gives back exactly what the per-file passes made, and is never
/// trusted blindly: an entry that cannot be read is recomputed, with one warning.
@Suite struct SummaryCacheTests {
  // MARK: The binary form

  /// Every field of every fixture's summaries survives the round trip: those of the
  /// per-file passes (what is cached), in place and moved to another file index, and those
  /// after the module-wide passes (contributions, entry points, restores).
  @Test(arguments: Fixture.all)
  func everyFieldSurvivesTheRoundTrip(_ fixture: Fixture) throws {
    for module in fixture.modules {
      for (index, path) in module.files.enumerated() {
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        let conditions = ConditionEvaluator(defines: ["DEBUG"])
        guard case .success(let summary) = FileAnalyzer.analyze(
          path: path, index: Int32(index), bytes: bytes, conditions: conditions)
        else { continue }
        #expect(Canonical.text(try Self.roundTrip(summary, file: Int32(index))) == Canonical.text(summary))
        guard case .success(let moved) = FileAnalyzer.analyze(path: path, index: 41, bytes: bytes, conditions: conditions)
        else { continue }
        #expect(Canonical.text(try Self.roundTrip(summary, file: 41)) == Canonical.text(moved))
      }
    }
    for result in try fixture.run().results {
      for (index, file) in result.files.enumerated() {
        #expect(Canonical.text(try Self.roundTrip(file, file: Int32(index))) == Canonical.text(file))
      }
    }
  }

  /// Every byte of an entry matters to the reader: each truncation of a real entry is
  /// rejected, never read as a shorter summary.
  @Test func everyTruncationIsRejected() throws {
    let source = Array(Self.files["B.swift"]!.utf8)
    guard case .success(let summary) = FileAnalyzer.analyze(
      path: "B.swift", index: 0, bytes: source, conditions: ConditionEvaluator(defines: []))
    else { Issue.record("B.swift does not parse"); return }
    var writer = CacheWriter()
    writer.write(summary)
    for length in 0..<writer.bytes.count {
      var reader = CacheReader(Array(writer.bytes.prefix(length)), file: 0)
      #expect(throws: CacheReader.Malformed.self) { _ = try FileSummary(from: &reader) }
    }
  }

  @Test(arguments: [0, 1, 63, 64, -1, -64, -65, 300, Int.max, Int.min])
  func integersRoundTrip(_ value: Int) throws {
    var writer = CacheWriter()
    writer.write(value)
    var reader = CacheReader(writer.bytes, file: 0)
    #expect(try reader.read() == value)
    #expect(reader.isAtEnd)
  }

  /// Access levels are tags: each comes back as written, and a tag past the last is
  /// malformed (not read as some level).
  @Test(arguments: [AccessLevel.private, .fileprivate, .internal, .package, .public, .open])
  func accessLevelsRoundTrip(_ level: AccessLevel) throws {
    var writer = CacheWriter()
    writer.write(level)
    #expect(writer.bytes.count == 1)
    var reader = CacheReader(writer.bytes, file: 0)
    #expect(try reader.read() == level)
    var past = CacheReader([6], file: 0)
    #expect(throws: CacheReader.Malformed.self) { let _: AccessLevel = try past.read() }
  }

  /// A value key's first argument is one character, however many bytes it takes (`é`
  /// written as `e` and a combining accent); two characters or none are malformed.
  @Test(arguments: ["(", "e\u{301}", "[(", ""])
  func valueKeysKeepOneCharacter(_ first: String) throws {
    var writer = CacheWriter()
    writer.write(ValueKey.Kind.call.rawValue)
    writer.write("Theme")
    writer.write("make")
    writer.write([String?]())
    writer.write(first)
    writer.write("")
    writer.write("")
    var reader = CacheReader(writer.bytes, file: 0)
    if first.count == 1 {
      let key: ValueKey = try reader.read()
      #expect(key.firstArgument == first.first)
    } else {
      #expect(throws: CacheReader.Malformed.self) { let _: ValueKey = try reader.read() }
    }
  }

  /// A repeated string is written once and referred to after; a reference to a string
  /// not read yet is malformed.
  @Test func repeatedStringsAreReferences() throws {
    var writer = CacheWriter()
    for text in ["Network", "Store", "Network", "Network", ""] { writer.write(text) }
    #expect(writer.bytes.count == 1 + 1 + 7 + 1 + 1 + 5 + 1 + 1 + 1 + 1)
    var reader = CacheReader(writer.bytes, file: 0)
    for text in ["Network", "Store", "Network", "Network", ""] { #expect(try reader.read() == text) }
    var dangling = CacheReader([4], file: 0)
    #expect(throws: CacheReader.Malformed.self) { let _: String = try dangling.read() }
  }

  /// Strings come back as written, ASCII or not; bytes that are not UTF-8 are malformed
  /// (checked apart from the frame's checksum: a writer's bug must not become a name).
  @Test func stringsAreReadAsValidUTF8() throws {
    let texts = ["Network", "Café", "日本語のキー", "𝑥", ""]
    var writer = CacheWriter()
    for text in texts { writer.write(text) }
    var reader = CacheReader(writer.bytes, file: 0)
    for text in texts { #expect(try reader.read() == text) }
    // A new string (0), its length (zig-zag: 6 is 3), its bytes: a lead byte with a bad
    // follower, a byte UTF-8 never uses, a lone continuation byte.
    for bytes: [UInt8] in [[0, 6, 0x41, 0xC3, 0x28], [0, 2, 0xFF], [0, 4, 0x41, 0x80]] {
      var invalid = CacheReader(bytes, file: 0)
      #expect(throws: CacheReader.Malformed.self) { let _: String = try invalid.read() }
    }
  }

  // MARK: Re-checks

  /// Only the edited file is parsed again; a file that sorts first (every index moves)
  /// costs one parse, not the module.
  @Test func aRecheckParsesOnlyWhatChanged() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("B.swift", Self.files["B.swift"]! + "\nfunc extra(_ scope: ImplicitScope) { @Implicit var n: Network }\n")
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let edited = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    #expect(cache.recomputed == 1)
    cache.save()
    #expect(edited.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)

    try module.write("0First.swift", "struct Unrelated {}\n")
    let moved = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: moved)
    #expect(moved.recomputed == 1)
    #expect(result.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)
    #expect(result.supportFile == (try Analyzer.analyze(module.options)).supportFile)
  }

  /// Keys are resolved again only in the files whose resolution could read something
  /// that changed: a body edit re-resolves its own file; a typealias retargeted in one file
  /// re-resolves the unchanged file that reads a key through it, whose result changes.
  @Test func keysAreResolvedAgainOnlyWhereTheirInputsChanged() throws {
    let module = try Module()
    try module.write("D.swift", "typealias Backend = Network\n")
    try module.write("E.swift", "func sync(_ scope: ImplicitScope) {\n  @Implicit var backend: Backend\n}\n")
    _ = try module.check(cached: true)

    try module.write("B.swift", Self.files["B.swift"]! + "\n// edited\n")
    let edited = SummaryCache(directory: module.cache, moduleName: "App")
    let afterBody = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: edited)
    edited.resolvedKeys.save()
    #expect(edited.resolvedKeys.recorded == 1)
    #expect(afterBody.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)

    try module.write("D.swift", "typealias Backend = Store\n")
    let retargeted = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: retargeted)
    // D itself, and E, which reads `Backend`; A, B and C read nothing of D.
    #expect(retargeted.resolvedKeys.recorded == 2)
    let cold = try Analyzer.analyze(module.options)
    #expect(result.interface == cold.interface)
    #expect(result.interface.functions.first { $0.name == "sync(_:)" }?.requires == ["Store"])
    #expect(result.diagnostics == cold.diagnostics)
  }

  /// A type made generic in its own file takes the key away from an unchanged file's
  /// `@Implicit var box = Box(value: 1)` (Swift now infers `Box<Int>` from the argument,
  /// which the analyzer does not follow): that file's keys are resolved anew and report
  /// it, and made plain again, the key is back.
  @Test(arguments: [false, true])
  func aTypeMadeGenericElsewhereReachesTheDeclarationsOfItsValues(_ generic: Bool) throws {
    let module = try Module()
    let plain = "final class Box {\n  init(value: Int) {}\n}\n"
    let genericBox = "final class Box<T> {\n  init(value: T) {}\n}\n"
    try module.write("D.swift", generic ? plain : genericBox)
    try module.write("E.swift", """
      func fill() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var box = Box(value: 1)
      }

      """)
    _ = try module.check(cached: true)

    try module.write("D.swift", generic ? genericBox : plain)
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    // D itself, and E, which reads `Box`.
    #expect(cache.resolvedKeys.recorded == 2)
    let cold = try Analyzer.analyze(module.options)
    #expect(result.diagnostics == cold.diagnostics)
    #expect(result.interface == cold.interface)
    #expect(cold.diagnostics.contains { $0.id == .keyNotInferable } == generic)
  }

  /// Whether a name is a protocol decides its key (`Analytics` written bare is `any
  /// Analytics`): a struct made a protocol in one file re-resolves the unchanged file that
  /// reads it, which then meets the declaration that spells `any`.
  @Test(arguments: [false, true])
  func aTypeMadeAProtocolElsewhereReachesItsReaders(_ isProtocol: Bool) throws {
    let module = try Module()
    let structure = "struct Analytics {}\nstruct Console {}\n"
    let protocolType = "protocol Analytics {}\nstruct Console: Analytics {}\n"
    try module.write("D.swift", isProtocol ? structure : protocolType)
    try module.write("E.swift", """
      func track(_ scope: ImplicitScope) {
        @Implicit var analytics: Analytics
      }

      """)
    try module.write("F.swift", """
      func start() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var analytics: any Analytics = Console()
        track(scope)
      }

      """)
    _ = try module.check(cached: true)

    try module.write("D.swift", isProtocol ? protocolType : structure)
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    let cold = try Analyzer.analyze(module.options)
    #expect(result.diagnostics == cold.diagnostics)
    #expect(result.interface == cold.interface)
    // As a protocol, both spellings are one key; as a struct, `any Analytics` is another.
    #expect(cold.diagnostics.contains { $0.id == .unresolvedImplicit && $0.message.contains("Analytics") } == !isProtocol)
  }

  /// A closure typealias that takes a scope, edited in its own file, changes what the
  /// unchanged file using it checks, also when that file's resolved keys are replayed.
  @Test(arguments: [
    "typealias Handler = (Int) -> Void\n",
    "typealias Handler = (Int, ImplicitScope) -> Void\n",
    "",
  ])
  func aClosureAliasEditedElsewhereReachesItsUsers(_ edited: String) throws {
    let module = try Module()
    try module.write("D.swift", "typealias Handler = (ImplicitScope, Int) -> Void\n")
    try module.write("E.swift", """
      func route(_ handler: @escaping Handler, _ scope: ImplicitScope) {}
      func serve(_ scope: ImplicitScope) {
        route({ inner, code in
          @Implicit var network: Network
        }, scope)
      }

      """)
    _ = try module.check(cached: true)
    let before = try Analyzer.analyze(module.options).interface

    try module.write("D.swift", edited)
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    // Only D's keys are resolved anew: E's are replayed, its closure is re-read.
    #expect(cache.resolvedKeys.recorded == 1)
    let cold = try Analyzer.analyze(module.options)
    #expect(result.diagnostics == cold.diagnostics)
    #expect(result.interface == cold.interface)
    // The edit matters: `route`'s parameter takes its scope elsewhere, or none.
    #expect(cold.interface != before)
  }

  /// A summary read from the cache leaves its effects encoded until asked: then they are
  /// exactly those written, read into the file's index in this run.
  @Test(arguments: Fixture.all)
  func effectsAreReadWhenAsked(_ fixture: Fixture) throws {
    let directory = try ScratchDirectory()
    for module in fixture.modules {
      let path = directory.path(SummaryPack.fileName)
      try? FileManager.default.removeItem(atPath: path)
      var summaries: [Int: FileSummary] = [:]
      let writing = SummaryPack(path: path)
      for (index, path) in module.files.enumerated() {
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        guard case .success(let summary) = FileAnalyzer.analyze(
          path: path, index: Int32(index), bytes: bytes, conditions: ConditionEvaluator(defines: ["DEBUG"]))
        else { continue }
        summaries[index] = summary
        writing.add(summary, as: "entry\(index)")
      }
      writing.save()
      let reading = SummaryPack(path: path)
      for (index, summary) in summaries {
        var deferred = try #require(try reading.summary("entry\(index)", file: Int32(index)))
        #expect(deferred.nodes.allSatisfy { $0.effects.isEmpty })
        #expect(deferred.deferredEffects != nil)
        try deferred.readDeferredEffects(file: Int32(index))
        #expect(deferred.deferredEffects == nil)
        #expect(Canonical.text(deferred) == Canonical.text(summary))
      }
    }
  }

  /// Every record's entry whole (its checksum made to match) but its effects not effects,
  /// and no resolved keys to replay: each file is analysed again, with one warning.
  @Test func malformedEffectsAreAnalysedAgainWithOneWarning() throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    try Self.damageEffects(of: module)
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("its effects are malformed") == true)
  }

  /// In one build configuration the sources' bytes are let go once the files are
  /// summarised (`Analyzer.analyze(keepsBytes:)`): a file whose cached effects cannot be
  /// decoded is read from disk again, and the check is still a cold one.
  @Test func malformedEffectsAreReadAgainFromDisk() throws {
    let module = try Module()
    // No `#if DEBUG` file: with it the module is checked per configuration, which keeps
    // the bytes, and the file would be analysed from them.
    try FileManager.default.removeItem(atPath: module.directory.path("src/C.swift"))
    let cold = try module.check(cached: false)
    #expect(cold.diagnostics.contains("unresolved implicit 'Store'"))
    _ = try module.check(cached: true)
    try Self.damageEffects(of: module)
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.first?.contains("its effects are malformed") == true)
  }

  /// The same with a value declared under a condition the analyzer cannot decide, so that
  /// the module is checked once per build configuration: a file analysed again for one
  /// configuration takes that configuration's clause, not every clause.
  @Test func malformedEffectsAreAnalysedAgainInTheirConfiguration() throws {
    let module = try Module()
    try module.write("D.swift", """
      func onAppear() {
        let scope = ImplicitScope()
        defer { scope.end() }
        #if os(iOS)
        @Implicit var store = Store()
        #endif
        @Implicit var network = Network()
        fetch(scope)
      }

      """)
    let cold = try module.check(cached: false)
    #expect(cold.diagnostics.contains("'os(iOS)' does not hold"))
    _ = try module.check(cached: true)
    try Self.damageEffects(of: module)
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
  }

  /// Every entry whole (its checksum made to match) but its effects not effects; no
  /// resolved keys to replay and no whole-module result.
  static func damageEffects(of module: Module) throws {
    try module.rewritePack { entry, _, body in
      var reader = CacheReader(body, file: 0)
      var summary = try FileSummary(deferringEffectsFrom: &reader)
      summary.deferredEffects = [7, 7, 7]
      var writer = CacheWriter()
      writer.write(WithEffectsBlob(summary: summary))
      return CacheFrames.frame(entry: entry, body: writer.bytes)
    }
    try FileManager.default.removeItem(atPath: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)
    try module.forgetResult()
  }

  /// A summary written with `deferredEffects` as its effects' bytes, whatever they are.
  struct WithEffectsBlob: CacheCodable {
    var summary: FileSummary

    init(summary: FileSummary) { self.summary = summary }

    func encode(to writer: inout CacheWriter) {
      summary.encodeAllButEffects(to: &writer)
      writer.write(blob: summary.deferredEffects ?? [])
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) { throw CacheReader.Malformed() }
  }

  // MARK: Damaged entries

  enum Damage: String, CaseIterable, Sendable {
    case flippedByte, truncated, empty, foreignVersion, garbage

    func apply(to data: Data) -> Data {
      switch self {
      case .flippedByte:
        var data = data
        data[data.count - 3] ^= 0x5a
        return data
      case .truncated: return data.prefix(data.count / 2)
      case .empty: return Data()
      case .foreignVersion: return Data("implicits-summaries 0\n".utf8) + data.dropFirst(SummaryPack.magic.count)
      case .garbage: return Data((0..<data.count).map { UInt8(truncatingIfNeeded: $0 &* 151) })
      }
    }
  }

  /// A damaged entry of the packed file, or every entry damaged: its bytes changed under
  /// its checksum (`flippedByte`), or replaced under a checksum made to match: the result
  /// is a cold check's, with exactly one warning naming the cache, and the next run reads
  /// the rewritten entries silently.
  @Test(arguments: [Damage.flippedByte, .truncated, .empty, .garbage], [false, true])
  func aDamagedEntryIsRecomputedWithOneWarning(_ damage: Damage, every: Bool) throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let entries = try module.entries()
    // One per file, and one per configuration of the file with an undecided `#if`.
    #expect(entries.count == Self.files.count + 2)
    try module.rewritePack { entry, header, body in
      guard every || entry == entries[0] else { return header + body }
      let damaged = damage.apply(to: Data(body)).map { $0 }
      return damage == .flippedByte ? header + damaged : CacheFrames.frame(entry: entry, body: damaged)
    }
    try module.forgetResult()
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.errorCount == cold.errorCount)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("App.summaries: warning: ignored") == true)
    #expect(damaged.warnings.first?.contains(every ? "\(entries.count) cache entries" : "a cache entry") == true)

    try module.forgetResult()
    let again = try module.check(cached: true)
    #expect(again.warnings.isEmpty)
    #expect(again.diagnostics == cold.diagnostics)
  }

  /// The packed file itself damaged (a flipped byte lands in its last entry): what can be
  /// read of it is used, the rest recomputed, with one warning; the next run reads the
  /// rewritten file silently.
  @Test(arguments: Damage.allCases)
  func aDamagedPackIsIgnoredWithOneWarning(_ damage: Damage) throws {
    let damaged = try damagedFileCheck(SummaryPack.fileName, damage)
    #expect(damaged.warnings.first?.contains("App.summaries: warning: ignored") == true)
    if damage != .flippedByte {
      #expect(damaged.warnings.first?.contains("(\(SummaryPack.fileName): ") == true)
    }
  }

  /// A check with the cache file `fileName` damaged, returned for its warning to be read:
  /// it reports what a cold check does, with exactly one warning; the check after it reads
  /// the rewritten file silently and reports the same.
  private func damagedFileCheck(_ fileName: String, _ damage: Damage) throws -> CheckRun.Report {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let path = module.cache + "/App.summaries/" + fileName
    let data = try #require(FileManager.default.contents(atPath: path))
    try damage.apply(to: data).write(to: URL(fileURLWithPath: path))
    try module.forgetResult()
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
    try module.forgetResult()
    let next = try module.check(cached: true)
    #expect(next.warnings.isEmpty)
    #expect(next.diagnostics == cold.diagnostics)
    return damaged
  }

  /// A writer that died (or is still writing) half-way through appending an entry leaves
  /// it torn at the end of the file; two such writers leave it torn twice, interleaved.
  /// The entries before it are read, the torn one is recomputed with one warning.
  @Test(arguments: [1, 2])
  func aTornAppendIsRecomputedWithOneWarning(_ tornFrames: Int) throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let frames = try module.frames()
    let last = try #require(frames.last)
    var bytes = SummaryPack.magic
    for frame in frames.dropLast() { bytes += frame.header + frame.body }
    let appended = last.header + last.body
    for _ in 0..<tornFrames { bytes += appended.prefix(appended.count / 2 + 1) }
    try Data(bytes).write(to: URL(fileURLWithPath: module.pack))
    try module.forgetResult()
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let torn = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    #expect(torn.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)
    // Only the torn entry is made again.
    #expect(cache.recomputed == 1)
    // One line; twice torn, it names the torn entry and the frame after it.
    #expect(cache.warning?.contains(tornFrames == 1 ? "ignored a cache entry" : "ignored 2 cache entries") == true)
    cache.save()
    let again = try module.check(cached: true)
    #expect(again.warnings.isEmpty)
    #expect(again.diagnostics == cold.diagnostics)
  }

  /// The file of resolved keys, damaged: every key is resolved anew, with one warning, and
  /// the next run reads the rewritten file silently.
  @Test(arguments: Damage.allCases)
  func aDamagedResolvedKeysFileIsIgnoredWithOneWarning(_ damage: Damage) throws {
    let damaged = try damagedFileCheck(ResolvedKeysStore.fileName, damage)
    #expect(damaged.warnings.first?.contains("(\(ResolvedKeysStore.fileName): ") == true)
  }

  /// One record whose bytes are not a record, in a whole frame (its checksum made to
  /// match): that file's keys are resolved anew, with one warning.
  @Test func aMalformedRecordIsResolvedAnew() throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let path = module.cache + "/App.summaries/" + ResolvedKeysStore.fileName
    let entry = try #require(try module.entries().first?.split(separator: "/").last.map(String.init))
    #expect(ResolvedKeysStore(path: path).record(for: entry) != nil)
    try Data(ResolvedKeysStore.magic + CacheFrames.frame(entry: entry, body: [7, 7, 7])).write(to: URL(fileURLWithPath: path))
    #expect(ResolvedKeysStore(path: path).record(for: entry) == nil)
    try module.forgetResult()
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
  }

  /// The whole-module result file, damaged: rechecked, with one warning.
  @Test(arguments: [Damage.truncated, .empty, .garbage])
  func aDamagedResultFileIsRecheckedWithOneWarning(_ damage: Damage) throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    _ = try module.check(cached: true)
    let path = module.cache + "/App.implicits-cache"
    let data = try #require(FileManager.default.contents(atPath: path))
    try damage.apply(to: data).write(to: URL(fileURLWithPath: path))
    let damaged = try module.check(cached: true)
    #expect(damaged.diagnostics == cold.diagnostics)
    #expect(damaged.warnings.count == 1)
    #expect(damaged.warnings.first?.contains("App.implicits-cache: warning: ignored") == true)
    #expect(try module.check(cached: true).warnings.isEmpty)
  }

  /// Checks of one module running at once (as after a build system restart) write the
  /// same file: a rewrite is whole (a temporary file renamed over it) and an append is one
  /// `write`, so every run, and the next, reads whole entries and reports what a cold
  /// check does.
  @Test func concurrentChecksShareACacheSafely() throws {
    let module = try Module()
    let cold = try module.check(cached: false)
    // A write that died half-way leaves only a temporary file, which no run reads.
    try FileManager.default.createDirectory(atPath: module.cache + "/App.summaries", withIntermediateDirectories: true)
    try Data("implicits-summaries 9\n\u{7}".utf8).write(to: URL(fileURLWithPath: module.cache + "/App.summaries/.summaries.123.tmp"))
    let reports = Slots<Result<CheckRun.Report, AnalysisFailure>>(count: 6)
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      reports[index] = Result { () throws(AnalysisFailure) in try module.check(cached: true, outputs: "run\(index)") }
    }
    for report in reports.values {
      let report = try #require(try report?.get())
      #expect(report.diagnostics == cold.diagnostics)
      #expect(report.warnings.isEmpty)
    }
    try module.forgetResult()
    let after = try module.check(cached: true)
    #expect(after.diagnostics == cold.diagnostics)
    #expect(after.warnings.isEmpty)
  }

  /// Re-checks of one module after an edit, at once: they append to and rewrite one file
  /// together. Each reports what a cold check does (a run that reads another's append
  /// half-written says so once), and the file they leave reads whole.
  @Test func concurrentRechecksAppendSafely() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("B.swift", Self.files["B.swift"]! + "\n// edited\n")
    try module.write("D.swift", "func extra(_ scope: ImplicitScope) { @Implicit var n: Network }\n")
    let cold = try module.check(cached: false)
    try module.forgetResult()
    let reports = Slots<Result<CheckRun.Report, AnalysisFailure>>(count: 6)
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      reports[index] = Result { () throws(AnalysisFailure) in try module.check(cached: true, outputs: "run\(index)") }
    }
    for report in reports.values {
      let report = try #require(try report?.get())
      #expect(report.diagnostics == cold.diagnostics)
      #expect(report.warnings.count <= 1)
    }
    try? module.forgetResult()
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let after = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    #expect(after.diagnostics == (try Analyzer.analyze(module.options)).diagnostics)
    #expect(cache.warning == nil)
    #expect(cache.recomputed == 0)
  }

  /// Two targets with one cache directory keep their entries apart: checking one never
  /// removes or overwrites the other's.
  @Test func twoModulesKeepTheirEntriesApart() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let other = AnalysisOptions(moduleName: "Other", sourcePaths: [module.paths[0]])
    _ = try CheckRun(options: other, format: .text, interfaceOutput: nil, supportFileOutput: nil, cacheDirectory: module.cache).run()
    let before = try module.entries()
    let otherPack = module.cache + "/Other.summaries/" + SummaryPack.fileName
    let otherBytes = try #require(FileManager.default.contents(atPath: otherPack))
    try module.write("B.swift", Self.files["B.swift"]! + "\n// edited\n")
    _ = try module.check(cached: true)
    #expect(FileManager.default.contents(atPath: otherPack) == otherBytes)
    // B's new entry, appended after the rest.
    #expect(Set(try module.entries()).subtracting(before).count == 1)
    #expect(Set(try module.entries()).isSuperset(of: before))
  }

  /// Edits of one file, one after the other: each appends its entry, and once the file is
  /// mostly entries of contents gone, it is rewritten with the live ones only.
  @Test func aMostlyStalePackIsCompacted() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let live = try module.entries().count
    let path = module.cache + "/App.summaries/" + SummaryPack.fileName
    var sizes: [Int] = []
    for edit in 1...12 {
      try module.write("B.swift", Self.files["B.swift"]! + "\n// edit \(edit)\n")
      _ = try module.check(cached: true)
      sizes.append(try #require(FileManager.default.contents(atPath: path)).count)
    }
    #expect(zip(sizes, sizes.dropFirst()).contains { $0 > $1 })
    #expect(try module.entries().count < live + 12)
    try module.forgetResult()
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    _ = try Analyzer.analyze(module.options, sources: SourceReader.read(module.paths), cache: cache)
    #expect(cache.recomputed == 0)
  }

  /// The entries of an earlier analyzer, one file each, go when the packed file is written.
  @Test func earlierPerFileEntriesAreRemoved() throws {
    let module = try Module()
    try FileManager.default.createDirectory(atPath: module.cache + "/App.summaries", withIntermediateDirectories: true)
    let earlier = module.cache + "/App.summaries/" + String(repeating: "ab", count: 16)
    try Data("implicits-summary 8\n".utf8).write(to: URL(fileURLWithPath: earlier))
    let report = try module.check(cached: true)
    #expect(report.warnings.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: earlier))
    #expect(try module.entries().count == Self.files.count + 2)
  }

  // MARK: Support

  static let files: [String: String] = [
    "A.swift": """
      struct Network {}
      struct Store {}
      func fetch(_ scope: ImplicitScope) {
        @Implicit var network: Network
        @Implicit var store: Store
      }

      """,
    "B.swift": """
      func main() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var network = Network()
        fetch(scope)
      }

      """,
    "C.swift": """
      #if DEBUG
      func debugMain() {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var store = Store()
        fetch(scope)
      }
      #endif

      """,
  ]

  static func roundTrip(_ summary: FileSummary, file: Int32) throws -> FileSummary {
    var writer = CacheWriter()
    writer.write(summary)
    var reader = CacheReader(writer.bytes, file: file)
    let decoded = try FileSummary(from: &reader)
    #expect(reader.isAtEnd)
    return decoded
  }

  /// A module of three files in a scratch directory, checked as the CLI does.
  final class Module: @unchecked Sendable {
    let directory: ScratchDirectory
    var cache: String { directory.path("cache") }

    init() throws {
      directory = try ScratchDirectory()
      try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
      for (name, text) in SummaryCacheTests.files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws { try directory.write("src/" + name, text) }

    var paths: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path("src"))) ?? []).sorted().map { directory.path("src/" + $0) }
    }

    var options: AnalysisOptions { AnalysisOptions(moduleName: "App", sourcePaths: paths) }

    func check(cached: Bool, outputs: String = "out") throws(AnalysisFailure) -> CheckRun.Report {
      try? FileManager.default.createDirectory(atPath: directory.path(outputs), withIntermediateDirectories: true)
      return try CheckRun(
        options: options, format: .text, interfaceOutput: directory.path(outputs + "/App.implicitinterface"),
        supportFileOutput: directory.path(outputs + "/App+ImplicitsSupport.swift"),
        cacheDirectory: cached ? cache : nil
      ).run()
    }

    /// Removes the whole-module result, so that the next check reads the per-file entries.
    func forgetResult() throws { try FileManager.default.removeItem(atPath: cache + "/App.implicits-cache") }

    var pack: String { cache + "/App.summaries/" + SummaryPack.fileName }

    /// The packed file's frames, in order: each one's entry, header and body.
    func frames() throws -> [(entry: String, header: [UInt8], body: [UInt8])] {
      let bytes = try #require(FileManager.default.contents(atPath: pack)).map { $0 }
      #expect(bytes.starts(with: SummaryPack.magic))
      var frames: [(entry: String, header: [UInt8], body: [UInt8])] = []
      var offset = SummaryPack.magic.count
      while offset < bytes.count {
        var reader = CacheReader(bytes, from: offset, file: 0)
        let entry: String = try reader.read()
        let length: Int = try reader.read()
        _ = try reader.read() as ContentHash
        let start = reader.position
        frames.append((entry, Array(bytes[offset..<start]), Array(bytes[start..<(start + length)])))
        offset = start + length
      }
      return frames
    }

    /// The names of the entries in the packed file (an entry appended again counted once).
    func entries() throws -> [String] { Array(Set(try frames().map(\.entry))).sorted() }

    /// Writes the packed file again, each frame as `transform` makes it from the old one's parts.
    func rewritePack(_ transform: (String, [UInt8], [UInt8]) throws -> [UInt8]) throws {
      var bytes = SummaryPack.magic
      for frame in try frames() { bytes += try transform(frame.entry, frame.header, frame.body) }
      try Data(bytes).write(to: URL(fileURLWithPath: pack))
    }
  }
}

/// A value's description with dictionary and set elements sorted: two equal summaries
/// give the same text whatever order their dictionaries iterate in.
enum Canonical {
  static func text(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = mirror.children.map { ($0.label ?? "", text($0.value)) }
    switch mirror.displayStyle {
    case .dictionary, .set:
      return "[" + children.map(\.1).sorted().joined(separator: ", ") + "]"
    case .enum:
      guard let (label, payload) = children.first else { return "\(mirror.subjectType).\(value)" }
      return "\(mirror.subjectType).\(label)(\(payload))"
    case nil:
      return String(reflecting: value)
    default:
      return "\(mirror.subjectType)(" + children.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }
  }
}
#endif
