#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// The interface lists its functions by type, then name, compared as `String`s compare
/// (`FunctionNameKeys` compares ASCII names as bytes for speed, with the same result),
/// then by the rest of the entry.
@Suite struct FunctionOrderTests {
  static func functions(_ source: String) throws -> [ModuleInterface.Function] {
    let directory = try ScratchDirectory()
    let path = try directory.write("Order.swift", "import Implicits\n" + source)
    return try Analyzer.analyze(AnalysisOptions(moduleName: "Order", sourcePaths: [path])).interface.functions
  }

  /// Each function's type and name, in the order `String`s give: types first, names
  /// second, and a type's functions together even when another type's name extends it.
  static func expectSorted(_ functions: [ModuleInterface.Function]) {
    let pairs = functions.map { ($0.type ?? "", $0.name) }
    #expect(pairs.count > 1)
    #expect(zip(pairs, pairs.dropFirst()).allSatisfy { !($1 < $0) }, "\(pairs)")
  }

  @Test func asciiNamesSortAsStrings() throws {
    let functions = try Self.functions("""
      struct FeedModel { static func a(_ scope: ImplicitScope) {} }
      struct Feed {
        static func item(_ scope: ImplicitScope) {}
        static func items(_ scope: ImplicitScope) {}
        static func item(at index: Int, _ scope: ImplicitScope) {}
        static func item(_ index: Int, _ scope: ImplicitScope) {}
        static func Item(_ scope: ImplicitScope) {}
      }
      struct Feed2 { static func b(_ scope: ImplicitScope) {} }
      struct feed { static func c(_ scope: ImplicitScope) {} }
      func item(_ scope: ImplicitScope) {}
      func itemA(_ scope: ImplicitScope) {}
      func item_(_ scope: ImplicitScope) {}

      """)
    #expect(functions.count == 11)
    Self.expectSorted(functions)
    // `item(_:)` and `item(_:_:)`: the parameter list is part of the name, `:` before `_`.
    #expect(functions.filter { $0.type == "Feed" }.map(\.name) == [
      "Item(_:)", "item(_:)", "item(_:_:)", "item(at:_:)", "items(_:)",
    ])
  }

  /// Non-ASCII names: `String` order, which is not always byte order.
  @Test func nonASCIINamesSortAsStrings() throws {
    let functions = try Self.functions("""
      struct Café { static func menu(_ scope: ImplicitScope) {} }
      struct Cafz { static func menu(_ scope: ImplicitScope) {} }
      struct Cafe {
        static func menü(_ scope: ImplicitScope) {}
        static func menu(_ scope: ImplicitScope) {}
        static func e\u{301}tat(_ scope: ImplicitScope) {}
        static func éta(_ scope: ImplicitScope) {}
      }

      """)
    #expect(functions.count == 6)
    Self.expectSorted(functions)
  }
}
#endif
