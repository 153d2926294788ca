#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check links only the entries it prints anew: the copied entries' parts of `files`
/// and `closureTypes` come from the last run's record (`EntryLinkFacts`). A link into
/// another file (`Model`'s initializer in `B.swift` reads a stored property declared in `A.swift`) and a call
/// through closure values (`dispatch` runs the stored handlers) are each kept while
/// copied, and dropped when the entry that made them is printed anew without them.
@Suite struct ReusedEntriesLinksTests {
  static let files: [String: String] = [
    "A.swift": """
      struct Theme {}
      struct Clock {}
      struct Request {}
      typealias Handler = (Request, ImplicitScope) -> Void
      struct Model {
        @Implicit var theme: Theme
      }
      struct Other {}

      """,
    "B.swift": """
      extension Model {
        init(_ scope: ImplicitScope, flag: Bool) {
          @Implicit var clock: Clock
        }
      }
      extension Other {
        func helper() {}
      }

      """,
    "C.swift": """
      struct Router {
        let handlers: [Handler] = [{ request, scope in tick(scope) }]
        func dispatch(_ request: Request, _ scope: ImplicitScope) {
          for handler in handlers { handler(request, scope) }
        }
      }

      """,
    "D.swift": """
      func tick(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }

      """,
    "E.swift": """
      func idle(_ scope: ImplicitScope) {
        @Implicit var clock: Clock
      }

      """,
  ]

  /// `idle`, `tick`, `Model.init`, `Router.dispatch`.
  static let count = 4

  /// The module's interface links into `A.swift` from `B.swift` and through a closure type.
  static func module() throws -> ReusedEntriesTests.Module {
    let module = try ReusedEntriesTests.Module(files: files)
    let first = try module.check(cached: true)
    #expect(first.interfaceEntries == count)
    let text = String(decoding: try #require(FileManager.default.contents(atPath: module.interface())), as: UTF8.self)
    #expect(text.contains("\"closureTypes\""))
    #expect(text.contains("/A.swift\""))
    return module
  }

  /// An edit elsewhere: both kept parts are merged, and every other entry copied.
  @Test func anEditElsewhereKeepsTheCopiedEntriesLinks() throws {
    let module = try Self.module()
    try module.write("E.swift", Self.files["E.swift"]! + "\n// edited\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.count)
    #expect(result.copied == Self.count - 1)  // idle's file changed
  }

  /// The callee the stored handler calls gains a read: `dispatch` is printed anew (and
  /// linked, through its closure type), the others copied.
  @Test func aCalleeBehindAClosureTypeReachesTheCaller() throws {
    let module = try Self.module()
    try module.write("D.swift", Self.files["D.swift"]!.replacingOccurrences(of: "@Implicit var clock: Clock", with: "@Implicit var clock: Clock\n  @Implicit var theme: Theme"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.count - 2)  // tick, dispatch
  }

  /// The only link into `A.swift` goes (the initializer, in the same place and still
  /// reading a key in its own file, is now one of a type without stored keys; no type
  /// fact changes): `files` loses it (the last run's part of the reprinted entry is not
  /// merged), every file number moves, and the other entries are copied renumbered.
  @Test func aReprintedEntrysLastLinkFileIsDropped() throws {
    let module = try Self.module()
    try module.write(
      "B.swift",
      Self.files["B.swift"]!.replacingOccurrences(of: "extension Model", with: "extension Swapped")
        .replacingOccurrences(of: "extension Other", with: "extension Model").replacingOccurrences(of: "Swapped", with: "Other"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.count - 1)
    #expect(result.renumbered == result.copied)
    let text = String(decoding: try #require(FileManager.default.contents(atPath: module.interface())), as: UTF8.self)
    #expect(!text.contains("/A.swift\""))
  }

  /// The only call through closure values goes: `closureTypes` goes with it, and everything
  /// is printed.
  @Test func aReprintedEntrysLastClosureTypeIsDropped() throws {
    let module = try Self.module()
    try module.write("C.swift", Self.files["C.swift"]!.replacingOccurrences(of: "for handler in handlers { handler(request, scope) }", with: "tick(scope)"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == 0)
    let text = String(decoding: try #require(FileManager.default.contents(atPath: module.interface())), as: UTF8.self)
    #expect(!text.contains("\"closureTypes\""))
  }

  /// The record's parts changed under a valid checksum: a copied entry's file or closure
  /// type left out, or a file that is not the one it was. The merged lists are not the
  /// last run's, and everything is printed: a wrong part never makes a wrong copy.
  @Test(arguments: ["files", "types", "wrong file"])
  func aWrongRecordedPartPrintsEverything(_ part: String) throws {
    let module = try Self.module()
    let bytes = try #require(CacheFrames.contents(of: module.record))
    var record: ReusedEntries.Record = try CacheFrame.decode(bytes, magic: ReusedEntries.magic, file: 0)
    #expect(record.links.files.count == 2)
    #expect(record.links.types.count == 1)
    switch part {
    case "files": record.links.files = []
    case "types": (record.links.typePositions, record.links.types) = ([], [])
    default:
      let d = try #require(record.paths.firstIndex { $0.hasSuffix("/D.swift") })
      record.links.files[1] = d
    }
    try OutputFile.write(CacheFrame.encode(record, magic: ReusedEntries.magic), to: module.record)
    try module.write("E.swift", Self.files["E.swift"]! + "\n// edited\n")
    #expect(try module.recheckEqualsCold().copied == 0)
  }
}
#endif
