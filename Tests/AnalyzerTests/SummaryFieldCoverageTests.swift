#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A field added to `FileSummary` (or to anything inside it) but not to its cache coding
/// must fail a test. `SummaryCacheTests.everyFieldSurvivesTheRoundTrip` compares every
/// fixture's summary with its round trip field by field; that catches a forgotten field only
/// if some fixture gives it a value other than the one a decoder that skips it would leave.
/// This test makes sure one does: every field of every type reachable from a summary takes
/// at least two different values across the fixtures' summaries, so whatever its default
/// is, some summary differs from it and its round trip would too.
@Suite struct SummaryFieldCoverageTests {
  /// Fields that cannot take two values in a summary, with why. Add a fixture that
  /// exercises a new field rather than an entry here.
  static let constantFields: Set<String> = [
    // Not a result of the passes but the cache's: set only by `SummaryCache.load` and read
    // (emptied) by the module phase; `FileSummary(from:)` decodes the effects in place.
    "FileSummary.deferredEffects",
    // Set only on the module phase's unresolved-implicit errors (`GraphDiagnoser`), which no
    // summary holds: a file's own diagnostics never name unresolved keys.
    "Diagnostic.unresolved",
  ]

  @Test func everyFieldOfASummaryTakesTwoValuesInTheFixtures() throws {
    var values = FieldValues()
    for fixture in Fixture.all {
      for module in fixture.modules {
        for (index, path) in module.files.enumerated() {
          let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
          for defines in [["DEBUG"]] {
            let conditions = ConditionEvaluator(defines: Set(defines))
            guard case .success(let summary) = FileAnalyzer.analyze(
              path: path, index: Int32(index), bytes: bytes, conditions: conditions)
            else { continue }
            _ = values.walk(summary)
          }
        }
      }
      // After the module-wide passes: contributions, entry points, restores, resolved keys.
      for result in try fixture.run().results {
        for file in result.files { _ = values.walk(file) }
      }
    }
    let constant = values.fields.filter { $0.value.count < 2 }.keys.sorted()
    #expect(values.fields.count > 100, "the walk reached \(values.fields.count) fields")
    #expect(Set(constant) == Self.constantFields, "fields no fixture varies: \(constant)")
  }

  /// The walk itself: a field that varies is seen as varying, one that does not is not,
  /// also inside arrays, optionals and enum payloads.
  @Test func theWalkTellsVaryingFieldsFromConstantOnes() {
    struct Inner { var flag: Bool; var fixed = 0 }
    enum Wrapped { case one(Inner), none }
    struct Outer { var items: [Inner]; var maybe: Inner?; var wrapped: Wrapped }
    var values = FieldValues()
    _ = values.walk(Outer(items: [Inner(flag: true)], maybe: nil, wrapped: .none))
    _ = values.walk(Outer(items: [Inner(flag: false)], maybe: Inner(flag: true), wrapped: .one(Inner(flag: true))))
    let varying = values.fields.filter { $0.value.count >= 2 }.keys
    #expect(Set(varying) == ["Outer.items", "Outer.maybe", "Outer.wrapped", "Inner.flag"])
    #expect(values.fields["Inner.fixed"]?.count == 1)
  }
}

/// The distinct values each stored field took, by `Type.field`, as the canonical text of
/// the value (`Canonical`): dictionaries and sets compare by content, not order.
struct FieldValues {
  private(set) var fields: [String: Set<String>] = [:]

  /// Records every labelled field inside `value`; returns `value`'s canonical text.
  mutating func walk(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = mirror.children.map { (label: $0.label, text: walk($0.value)) }
    switch mirror.displayStyle {
    case .struct, .class:
      for child in children {
        guard let label = child.label else { continue }
        fields["\(Self.name(of: mirror.subjectType)).\(label)", default: []].insert(child.text)
      }
      return "\(mirror.subjectType)(" + children.map { "\($0.label ?? ""): \($0.text)" }.joined(separator: ", ") + ")"
    case .dictionary, .set:
      return "[" + children.map(\.text).sorted().joined(separator: ", ") + "]"
    case .enum:
      guard let payload = children.first else { return "\(mirror.subjectType).\(value)" }
      return "\(mirror.subjectType).\(payload.label ?? "")(\(payload.text))"
    case .optional:
      return children.first.map { "some(\($0.text))" } ?? "nil"
    case .collection, .tuple:
      return "(" + children.map { "\($0.label ?? ""): \($0.text)" }.joined(separator: ", ") + ")"
    default:  // nil, and `.foreignReference` (C++ types), which only some toolchains have
      return String(reflecting: value)
    }
  }

  /// The type's own name: generic arguments and the test's local context left out.
  private static func name(of type: Any.Type) -> String {
    let full = String(describing: type)
    return String(full.prefix { $0 != "<" && $0 != " " })
  }
}
#endif
