#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A function added or removed, or a file that moves the `files` numbers, no longer prints
/// everything: the copied entries are matched to their new places (`PositionRemap`) and
/// their callee positions and file numbers rewritten (`EntryRenumbering`). Each case
/// asserts the outputs equal a cold check's and the exact numbers copied and renumbered,
/// over `ReusedEntriesTests`' module (13 entries; `aliased` first).
@Suite struct ReusedEntriesRemapTests {
  typealias Module = ReusedEntriesTests.Module
  static let files = ReusedEntriesTests.files
  static let count = ReusedEntriesTests.order.count

  /// `alpha`, added in `C.swift`, sorts second: every entry after it moves, and the
  /// callees they name (`load` → `fetch`, `refresh` → `load`, …) with them.
  @Test func aNewFunctionMovesTheEntriesAfterIt() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("C.swift", Self.files["C.swift"]! + "func alpha(_ scope: ImplicitScope) {\n  tick(scope)\n}\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.count + 1)
    #expect(result.copied == Self.count - 3)  // C.swift's stamp, top, zapper; alpha new
    #expect(result.renumbered == result.copied)
  }

  /// `zapper` deleted: `zulu`, `Box.use` and `Box.zap` move back one place.
  @Test func aDeletedFunctionMovesTheEntriesAfterIt() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write(
      "C.swift", Self.files["C.swift"]!.replacingOccurrences(of: "func zapper(_ scope: ImplicitScope) {\n  Box.zap(scope)\n}\n", with: ""))
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.count - 1)
    #expect(result.copied == Self.count - 3)  // stamp, top; zapper gone
    #expect(result.renumbered == result.copied)
  }

  /// A file deleted (`Y.swift`, no type facts, nothing calls `yonder`): the entries after
  /// `yonder` move back one place and every later file number moves down.
  @Test func aDeletedFileMovesTheFileNumbers() throws {
    var files = Self.files
    files["Y.swift"] = "func yonder(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n"
    let module = try Module(files: files)
    #expect(try module.check(cached: true).interfaceEntries == Self.count + 1)
    try module.remove("Y.swift")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.count)
    #expect(result.copied == Self.count)
    #expect(result.renumbered == result.copied)
  }

  /// A function that sorts first: the old first entry moves to the second place, so its
  /// bytes need the comma it did not have; it is printed anew, the others renumbered.
  @Test func theFirstPlaceIsPrintedAnew() throws {
    let module = try Module()
    _ = try module.check(cached: true)
    try module.write("B.swift", Self.files["B.swift"]! + "func aaa(_ scope: ImplicitScope) {}\n")
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.count + 1)
    // aliased (was first); refresh, tick (B.swift); stamp, top (they call them).
    #expect(result.copied == Self.count - 5)
    #expect(result.renumbered == result.copied)
  }

  /// The record's order changed under a valid checksum, so that a moved entry would be
  /// copied from another's bytes: `tick`'s and `top`'s places swapped (still in order with
  /// every other entry matched: the old bytes' name tells), or two overloads of one name
  /// and type in one file swapped (the names agree: the order tells). Everything is printed.
  @Test(arguments: ["names", "overloads"])
  func aSwappedRecordedOrderIsNotBelieved(_ swap: String) throws {
    var files = Self.files
    if swap == "overloads" {
      files = [
        "A.swift": "func able(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
        "O.swift": """
          func over(a scope: ImplicitScope) {
            @Implicit var clock: Clock
          }
          func over(b scope: ImplicitScope) {
            @Implicit var theme: Theme
          }

          """,
        "T.swift": "struct Clock {}\nstruct Theme {}\n",
        "W.swift": "func west(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
      ]
    }
    let module = try Module(files: files)
    _ = try module.check(cached: true)
    let bytes = try #require(CacheFrames.contents(of: module.record))
    var record: ReusedEntries.Record = try CacheFrame.decode(bytes, magic: ReusedEntries.magic, file: 0)
    // tick, top (7, 8), or over(a:), over(b:) (1, 2).
    let (first, second) = swap == "names" ? (7, 8) : (1, 2)
    record.files.swapAt(first, second)
    record.functions.swapAt(first, second)
    try OutputFile.write(CacheFrame.encode(record, magic: ReusedEntries.magic), to: module.record)
    if swap == "names" {
      try module.write("C.swift", Self.files["C.swift"]! + "\n// edited\n")
    } else {
      try module.write("W.swift", files["W.swift"]! + "func beta(_ scope: ImplicitScope) {}\n")
    }
    #expect(try module.recheckEqualsCold().copied == 0)
  }

  /// The record's `files` (the numbers the old entries use) changed alone under a valid
  /// checksum: it no longer agrees with the entries' parts, and everything is printed.
  @Test(arguments: ["dropped", "swapped"])
  func aWrongRecordedFilesListPrintsEverything(_ change: String) throws {
    let module = try Module()
    _ = try module.check(cached: true)
    let bytes = try #require(CacheFrames.contents(of: module.record))
    var record: ReusedEntries.Record = try CacheFrame.decode(bytes, magic: ReusedEntries.magic, file: 0)
    #expect(record.linkedFiles.count >= 2)
    if change == "dropped" { record.linkedFiles.removeFirst() } else { record.linkedFiles.swapAt(0, 1) }
    try OutputFile.write(CacheFrame.encode(record, magic: ReusedEntries.magic), to: module.record)
    try module.write("0.swift", "func early(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n")
    #expect(try module.recheckEqualsCold().copied == 0)
  }
}
#endif
