#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A re-check collects required keys only for the entries it prints anew; whether a copied
/// entry requires anything (its own file is in the interface's `files` only then) comes
/// from the last run's record (`EntryLinkFacts.keyless`). `idle` requires nothing and is
/// alone in `K.swift`, so `files` holds `K.swift` exactly when that bit is wrong.
@Suite struct ReusedEntriesKeylessTests {
  static let files: [String: String] = [
    "K.swift": "func idle(_ scope: ImplicitScope) {}\n",
    "L.swift": "func tock(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
    "M.swift": "func tick(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
    "T.swift": "struct Clock {}\nstruct Theme {}\n",
  ]

  /// `idle`, `tick`, `tock`.
  static let count = 3

  static func module() throws -> ReusedEntriesTests.Module {
    let module = try ReusedEntriesTests.Module(files: files)
    #expect(try module.check(cached: true).interfaceEntries == count)
    let text = String(decoding: try #require(FileManager.default.contents(atPath: module.interface())), as: UTF8.self)
    #expect(!text.contains("/K.swift\""))
    #expect(text.contains("/L.swift\""))
    return module
  }

  /// A body edit in `M.swift`: `idle` and `tock` are copied, their keys never collected,
  /// and `files` comes out as the last run's.
  @Test func copiedEntriesNeedNoKeys() throws {
    let module = try Self.module()
    try module.write("M.swift", Self.files["M.swift"]! + "\n// edited\n")
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.count - 1)
    // And again, from the record this re-check wrote (its bits merged, not collected).
    try module.write("M.swift", Self.files["M.swift"]! + "\n// edited again\n")
    #expect(try module.recheckEqualsCold().copied == Self.count - 1)
  }

  /// `idle` comes to require a key: it is printed anew with its keys, and `K.swift` joins
  /// `files` (every file number after it moves, so everything is printed).
  @Test func aKeylessEntryThatComesToRequireAKey() throws {
    let module = try Self.module()
    try module.write("K.swift", "func idle(_ scope: ImplicitScope) {\n  @Implicit var theme: Theme\n}\n")
    _ = try module.recheckEqualsCold()
    let text = String(decoding: try #require(FileManager.default.contents(atPath: module.interface())), as: UTF8.self)
    #expect(text.contains("/K.swift\""))
  }

  /// A function added before a keyless entry moves it (and its bit) one place on: `nap`
  /// is copied from its new place, and `K.swift` stays out of `files`.
  @Test func aKeylessEntryMovesWithItsBit() throws {
    let files = [
      "A.swift": "func able(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
      "K.swift": "func nap(_ scope: ImplicitScope) {}\n",
      "M.swift": Self.files["M.swift"]!, "T.swift": Self.files["T.swift"]!,
    ]
    let module = try ReusedEntriesTests.Module(files: files)
    _ = try module.check(cached: true)
    try module.write("M.swift", files["M.swift"]! + "func mid(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == 4)  // able, mid, nap, tick
    #expect(result.copied == 2)  // able, nap
    #expect(result.renumbered == 2)
  }

  /// The record's bits changed under a valid checksum: `idle` said to require something,
  /// or `tock` said to require nothing. `files` is then not the last run's, and everything
  /// is printed: a wrong bit never makes a wrong copy.
  @Test(arguments: ["idle requires", "tock requires nothing"])
  func aWrongRecordedBitPrintsEverything(_ part: String) throws {
    let module = try Self.module()
    let bytes = try #require(CacheFrames.contents(of: module.record))
    var record: ReusedEntries.Record = try CacheFrame.decode(bytes, magic: ReusedEntries.magic, file: 0)
    #expect(record.links.keyless == [0])  // idle sorts first
    record.links.keyless = part == "idle requires" ? [] : [0, 2]
    try OutputFile.write(CacheFrame.encode(record, magic: ReusedEntries.magic), to: module.record)
    try module.write("M.swift", Self.files["M.swift"]! + "\n// edited\n")
    #expect(try module.recheckEqualsCold().copied == 0)
  }
}
#endif
