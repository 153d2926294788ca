#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check replays what `simulate` changed in an unchanged file's declarations
/// (`DeclarationRewrites`, kept with its frames) when the module's alias table is the one
/// they were made with, and makes them again when it is not, when the file's keys read
/// something else, or when the recorded rewrites do not fit the file.
@Suite struct DeclarationRewritesTests {
  typealias Module = SummaryCacheTests.Module
  typealias Frames = SimulatedFramesTests

  /// `SimulatedFramesTests`' module, with a file whose declarations `simulate` rewrites:
  /// a parameter of a scope-closure alias declared in another file, a free function's
  /// return key, and an exported property whose key is a typealias's.
  static func module() throws -> Module {
    let module = try Frames.module()
    try module.write("D.swift", """
      typealias Handler = (ImplicitScope) -> Void
      typealias Token = Store

      """)
    try module.write("E.swift", """
      func route(_ handler: Handler) {}
      func makeStore() -> Store { Store() }
      struct Holder {
        var token: Token
      }

      """)
    return module
  }

  /// The module's cache filled, then each record's rewrites changed by `change` (and the
  /// record framed again): what a wrong rewrite would give, if it were replayed.
  static func plant(_ module: Module, _ change: (inout DeclarationRewrites) -> Void) throws {
    try Frames.rewriteRecords(module) { record in
      guard var frames = try? record.frames(file: 0), var rewrites = frames.rewrites else { return }
      change(&rewrites)
      frames.rewrites = rewrites
      record.frames(frames)
    }
  }

  static func recheck(_ module: Module) throws -> (result: AnalysisResult, cache: SummaryCache) {
    let cache = SummaryCache(directory: module.cache, moduleName: "App")
    let result = try Frames.analyze(module, cache: cache)
    cache.save()
    cache.resolvedKeys.save()
    return (result, cache)
  }

  static func expectCold(_ result: AnalysisResult, _ module: Module) throws {
    let cold = try Frames.analyze(module, cache: nil)
    #expect(result.diagnostics == cold.diagnostics)
    #expect(result.interface == cold.interface)
    #expect(result.supportFile == cold.supportFile)
    #expect(Canonical.text(result.files) == Canonical.text(cold.files))
  }

  /// The file's rewrites are recorded (a function's parameter and return key, a type's
  /// exported property), and after an edit elsewhere every unchanged file replays them
  /// with its frames; the check is a cold check's.
  @Test func unchangedFilesReplayTheirRewrites() throws {
    let module = try Self.module()
    try Frames.fill(module)
    let store = ResolvedKeysStore(path: module.cache + "/App.summaries/" + ResolvedKeysStore.fileName)
    let rewrites = try module.entries().compactMap {
      try store.record(for: String($0.split(separator: "/").last!))?.frames(file: 0).rewrites
    }
    #expect(rewrites.count == module.paths.count)
    #expect(rewrites.contains { rewrite in rewrite.functions.contains { $0.parameters != nil } })
    #expect(rewrites.contains { rewrite in rewrite.functions.contains { $0.returnKey == "Store" } })
    #expect(rewrites.contains { rewrite in rewrite.types.contains { $0.exportedProperties.map(\.key) == [.spelled("Store")] } })

    try module.write("B.swift", SummaryCacheTests.files["B.swift"]! + "func later() {}\n")
    let (result, cache) = try Self.recheck(module)
    #expect(cache.resolvedKeys.replayed == module.paths.count - 1)
    #expect(cache.resolvedKeys.replayedWhole == module.paths.count - 1)
    try Self.expectCold(result, module)
  }

  /// A planted return key is what a re-check takes while its inputs hold (so the rewrites
  /// are replayed, not recomputed); once an input changes, it is not.
  @Test(arguments: [
    // The alias table: another alias, in another file.
    ("C.swift", "typealias Other = (Int, ImplicitScope) -> Void\n"),
    // The alias the parameter names, retargeted.
    ("D.swift", "typealias Handler = (Int, ImplicitScope) -> Void\ntypealias Token = Store\n"),
    // The identity of a key the declarations read (the property's `Token`).
    ("D.swift", "typealias Handler = (ImplicitScope) -> Void\ntypealias Token = Network\n"),
    // The file itself.
    ("E.swift", "func route(_ handler: Handler) {}\nfunc makeStore() -> Store { Store() }\n"),
  ])
  func aPlantedRewriteHoldsOnlyWhileItsInputsDo(_ file: String, _ text: String) throws {
    let module = try Self.module()
    try Frames.fill(module)
    try Self.plant(module) { rewrites in
      for index in rewrites.functions.indices where rewrites.functions[index].returnKey == "Store" {
        rewrites.functions[index].returnKey = "Planted"
      }
    }
    let planted = try Self.recheck(module).result
    #expect(Canonical.text(planted.files).contains("Planted"))

    try Self.plant(module) { rewrites in
      for index in rewrites.functions.indices where rewrites.functions[index].returnKey == "Store" {
        rewrites.functions[index].returnKey = "Planted"
      }
    }
    try module.write(file, text)
    let (result, cache) = try Self.recheck(module)
    #expect(!Canonical.text(result.files).contains("Planted"))
    try Self.expectCold(result, module)
    // The next run replays the rewrites made under the new inputs.
    let again = try Self.recheck(module)
    #expect(again.cache.resolvedKeys.replayedWhole == again.cache.resolvedKeys.replayed)
    #expect(again.cache.resolvedKeys.replayed == module.paths.count)
    try Self.expectCold(again.result, module)
    _ = cache
  }

  /// Rewrites that name a function, type or node the file does not have (no entry of this
  /// analyzer writes them) are not applied: the declarations are rewritten anew.
  @Test(arguments: [0, 1, 2])
  func rewritesThatDoNotFitAreRecomputed(_ part: Int) throws {
    let module = try Self.module()
    try Frames.fill(module)
    try Self.plant(module) { rewrites in
      switch part {
      case 0: rewrites.functions.append(.init(index: 999, returnKey: "Planted"))
      case 1: rewrites.types.append(.init(index: 999, exportedProperties: [], storedImplicits: []))
      default: rewrites.scopePositions.append((999, 0))
      }
    }
    let (result, _) = try Self.recheck(module)
    try Self.expectCold(result, module)
  }

  /// With a stored property of a scope-taking closure type, alias answers also read the
  /// module's property types and superclasses, which the table's digest then covers: an
  /// edit that changes none of them replays the other files' rewrites whole, and the check
  /// is a cold check's.
  @Test func aModuleWithScopeClosurePropertiesReplaysRewrites() throws {
    let module = try Self.module()
    try module.write("F.swift", SimulatedFramesTests.aliasUsers[0])
    try Frames.fill(module)
    try module.write("B.swift", SummaryCacheTests.files["B.swift"]! + "func later() {}\n")
    let (result, cache) = try Self.recheck(module)
    #expect(cache.resolvedKeys.replayed == module.paths.count - 1)
    #expect(cache.resolvedKeys.replayedWhole == module.paths.count - 1)
    try Self.expectCold(result, module)
  }

  /// A property's type changed in another file (what `header.onRefresh` is read through):
  /// the digest differs, no rewrite is replayed whole, and the check is a cold check's.
  @Test func aPropertyTypeEditedElsewhereRewritesAnew() throws {
    let module = try Self.module()
    try module.write("F.swift", SimulatedFramesTests.aliasUsers[0])
    try Frames.fill(module)
    try module.write("B.swift", SummaryCacheTests.files["B.swift"]! + "struct Header { var title: String }\n")
    let (result, cache) = try Self.recheck(module)
    #expect(cache.resolvedKeys.replayed == module.paths.count - 1)
    #expect(cache.resolvedKeys.replayedWhole == 0)
    try Self.expectCold(result, module)
  }
}
#endif
