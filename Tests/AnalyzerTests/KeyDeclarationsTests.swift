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
      guard let files = Self.summaries(of: module) else { continue }
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

  /// `Analyzer.check` makes the inputs on a worker while the library passes
  /// (`ProvidedByLibrary`) run on the same files: the inputs read nothing those passes set
  /// (test functions' trait keys, named keys' defaults), so they are the same made before
  /// the passes as after, in every fixture (those of XCTest cases and hand-written
  /// defaults among them).
  @Test(arguments: Fixture.all)
  func theInputsReadNothingTheLibraryPassesSet(_ fixture: Fixture) throws {
    for module in fixture.modules {
      guard var files = Self.summaries(of: module) else { continue }
      let before = KeyResolutionInputs(moduleName: module.name, files: files, dependencies: [], testable: [])
      let identifiersBefore = Self.identifiers(of: files)
      ProvidedByLibrary.inheritInvokeTestKeys(&files)
      ProvidedByLibrary.markHandWrittenDefaults(&files)
      let after = KeyResolutionInputs(moduleName: module.name, files: files, dependencies: [], testable: [])
      let identifiers = Self.identifiers(of: files)
      #expect(identifiersBefore == identifiers)
      for identifier in identifiers {
        #expect(before.digest(of: identifier) == after.digest(of: identifier), "\(identifier)")
        #expect(before.files(declaring: identifier) == after.files(declaring: identifier), "\(identifier)")
      }
    }
  }

  /// Every identifier the files declare, and the dependencies' (`""`).
  static func identifiers(of files: [FileSummary]) -> Set<String> {
    Set(files.flatMap { KeyResolutionInputs.declared(by: $0.declarations, path: $0.path).map(\.identifier) } + [""])
  }

  /// A parameter's flags are hashed as the digits of `String(flags)`, without the string
  /// (`ContentHash.add(decimal:)`): the same digest, and another number's is another.
  @Test(arguments: [0, 1, 9, 10, 63, 64, 100, 4_095, 1 << 40, Int.max, -1, -64, Int.min])
  func aNumberHashesAsItsDigits(_ number: Int) {
    var (digits, string, next) = (ContentHash(), ContentHash(), ContentHash())
    digits.add(decimal: number)
    string.add(String(number))
    next.add(String(number &+ 1))
    #expect(digits == string)
    #expect(digits != next)
  }

  /// Each file of `module` summarised, or `nil` if one cannot be.
  private static func summaries(of module: Fixture.Module) -> [FileSummary]? {
    let files = module.files.enumerated().compactMap { index, path -> FileSummary? in
      guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }),
        case .success(let summary) = FileAnalyzer.analyze(
          path: path, index: Int32(index), bytes: bytes, conditions: ConditionEvaluator(defines: ["DEBUG"]))
      else { return nil }
      return summary
    }
    return files.count == module.files.count ? files : nil
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
