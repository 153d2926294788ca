#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check resolves an edited file's keys from `KeyResolutionInputs`' index of who
/// declares what (`IndexedKeyDeclarations`), a cold check from tables of the whole module
/// (`ModuleKeyTables`): every key of every fixture resolves the same both ways, with the
/// same identifiers read (they decide when the record holds).
@Suite struct KeyDeclarationsTests {
  @Test(arguments: Fixture.all)
  func theIndexResolvesEveryKeyAsTheTablesDo(_ fixture: Fixture) throws {
    for module in fixture.modules {
      let files = module.files.enumerated().compactMap { index, path -> FileSummary? in
        guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }),
          case .success(let summary) = FileAnalyzer.analyze(
            path: path, index: Int32(index), bytes: bytes, conditions: ConditionEvaluator(defines: ["DEBUG"]))
        else { return nil }
        return summary
      }
      guard files.count == module.files.count else { continue }
      let inputs = KeyResolutionInputs(moduleName: module.name, files: files, dependencies: [], testable: [])
      let tables = KeyResolver(moduleName: module.name, files: files, dependencies: [])
      let indexed = KeyResolver(moduleName: module.name, files: files, inputs: inputs, dependencies: [], testable: [])
      let aliases = ScopeClosureAliases(files: files)
      for (index, summary) in files.enumerated() {
        _ = FileAnalyzer.simulate(summary, aliases: aliases) { key, context in
          let (tableReads, indexReads) = (KeyResolutionReads(), KeyResolutionReads())
          let expected = tables.resolve(key, context: context, file: index, reads: tableReads)
          #expect(indexed.resolve(key, context: context, file: index, reads: indexReads) == expected, "\(key)")
          #expect(indexReads.identifiers == tableReads.identifiers, "\(key)")
          return expected
        }
      }
    }
  }

  /// The questions whose answers depend on declaration order across files: the first
  /// property key, the last superclass and alias, functions in file order, a
  /// `fileprivate` type in its own file only.
  @Test func orderAcrossFilesIsTheTables() throws {
    let sources = [
      """
      class Base {}
      private struct Secret {}
      typealias Token = String
      struct Config { let name = "a"; func make(_ x: Int) -> Int { x } }
      class Twice: Base {}
      """,
      """
      class Base {}
      extension Config { var name: Int { 1 }; func make(_ x: String) -> String { x } }
      typealias Token = Int
      private struct Secret {}
      class Child: Base {}
      extension Child {}
      class Twice: Child {}
      """,
    ]
    let files = sources.enumerated().map { index, source -> FileSummary in
      guard case .success(let summary) = FileAnalyzer.analyze(
        path: "F\(index).swift", index: Int32(index), bytes: Array(source.utf8), conditions: ConditionEvaluator(defines: []))
      else { preconditionFailure() }
      return summary
    }
    let inputs = KeyResolutionInputs(moduleName: "App", files: files, dependencies: [], testable: [])
    let tables: any KeyDeclarations = ModuleKeyTables(files: files)
    let indexed: any KeyDeclarations = IndexedKeyDeclarations(inputs: inputs, files: files)
    for name in ["Base", "Secret", "Token", "Config", "Child", "Twice", "Missing"] {
      #expect(indexed.declaresType(name) == tables.declaresType(name), "\(name)")
      #expect(indexed.alias(name).map { "\($0)" } == tables.alias(name).map { "\($0)" }, "\(name)")
      #expect(indexed.hasPropertyKeys(name) == tables.hasPropertyKeys(name), "\(name)")
      #expect(indexed.propertyKey("name", of: name)?.spelling == tables.propertyKey("name", of: name)?.spelling)
      #expect(indexed.superclass(of: name) == tables.superclass(of: name), "\(name)")
      #expect(indexed.functions(owner: name, name: "make").map(\.location) == tables.functions(owner: name, name: "make").map(\.location))
      for file in files.indices {
        #expect(indexed.declaresFilePrivateType(name, in: file) == tables.declaresFilePrivateType(name, in: file))
      }
    }
    #expect(indexed.alias("Token").map(\.target) == "Int")
    #expect(indexed.superclass(of: "Child") == "Base")
    #expect(indexed.superclass(of: "Twice") == "Child")
    #expect(indexed.propertyKey("name", of: "Config")?.spelling == "String")
    #expect(indexed.functions(owner: "Config", name: "make").count == 2)
    #expect(indexed.declaresFilePrivateType("Secret", in: 1))
  }
}
#endif
