#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

@Suite struct InterfaceTests {
  static let sample = ModuleInterface(
    module: "Core",
    functions: [
      .init(
        type: "Client", name: "send(_:retries:)",
        parameters: [
          .init(label: nil, scope: true, defaulted: false, closure: false, escaping: false),
          .init(label: "retries", scope: false, defaulted: true, closure: false, escaping: false),
        ],
        access: "public", spi: false, requires: ["Session", "\\.region"], isStatic: true),
      .init(type: nil, name: "audit(_:)", parameters: [], access: "internal", spi: true, requires: []),
    ],
    namedKeys: [.init(name: "region", valueType: "String \"quoted\"\n", access: "public")])

  /// The hand-written writer prints exactly what `JSONEncoder` with sorted keys would.
  @Test func writerMatchesJSONEncoder() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var expected = try encoder.encode(Self.sample)
    expected.append(UInt8(ascii: "\n"))
    let written = Self.sample.encoded()
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  @Test func roundTrips() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(Self.sample.encoded()).write(to: url)
    #expect(try ModuleInterface.read(from: url.path) == Self.sample)
  }

  /// Interfaces written before `isStatic` was recorded still read; their members then
  /// match static and instance calls alike.
  @Test func readsFilesWithoutIsStatic() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("old-\(UUID()).implicitinterface")
    defer { try? FileManager.default.removeItem(at: url) }
    let text = String(decoding: Self.sample.encoded(), as: UTF8.self)
    let old = text.replacingOccurrences(of: "\"isStatic\" : true,\n", with: "")
    #expect(old != text)
    try Data(old.utf8).write(to: url)
    let read = try ModuleInterface.read(from: url.path)
    #expect(read.functions[0].isStatic == nil)
    #expect(read.functions[0].name == "send(_:retries:)")
  }
}
#endif
