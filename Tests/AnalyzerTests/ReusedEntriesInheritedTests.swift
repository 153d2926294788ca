#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// The initializers subclasses inherit are interface entries of the subclass's file
/// (`InheritedEntries`), numbered after its declared functions. A re-check copies them
/// when no edit reaches them and prints them anew when the subclass's file or the base's
/// changes (the node's edge to the base's initializer is written in the subclass's file;
/// the base's node is upstream of it); the outputs are always a cold check's.
@Suite struct ReusedEntriesInheritedTests {
  typealias Module = ReusedEntriesTests.Module

  static let files: [String: String] = [
    "Base.swift": """
      struct Logger {}
      struct Session {}
      struct Theme {}
      struct Clock {}
      class BaseViewModel {
        @Implicit var logger: Logger
        init(_ scope: ImplicitScope) {}
      }

      """,
    "Profile.swift": """
      final class ProfileViewModel: BaseViewModel {
        @Implicit var session: Session
      }

      """,
    "Settings.swift": """
      class SettingsViewModel: BaseViewModel {
        @Implicit var theme: Theme
      }
      final class AdvancedSettingsViewModel: SettingsViewModel {}

      """,
    "Open.swift": """
      func openProfile(_ scope: ImplicitScope) {
        _ = ProfileViewModel(scope)
      }

      """,
    "Other.swift": """
      func other(_ scope: ImplicitScope) {
        @Implicit var theme: Theme
      }

      """,
  ]

  /// openProfile, other; the four initializers by type.
  static let order = [
    "openProfile(_:)", "other(_:)", "AdvancedSettingsViewModel.init(_:)", "BaseViewModel.init(_:)",
    "ProfileViewModel.init(_:)", "SettingsViewModel.init(_:)",
  ]

  @Test func theInheritedInitializersAreEntries() throws {
    let module = try Module(files: Self.files)
    let report = try module.check(cached: false)
    #expect(report.errorCount == 0)
    let entries = try module.entries().map { entry -> String in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])
      let type = (object["type"] as? String).map { $0 + "." } ?? ""
      return type + (object["name"] as? String ?? "")
    }
    #expect(entries == Self.order)
    let advanced = try #require(try module.entries().first { $0.contains("AdvancedSettingsViewModel") })
    #expect(advanced.contains("\"requires\":[\"Logger\",\"Theme\"]"))
  }

  @Test func anEditElsewhereCopiesThem() throws {
    let module = try Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write("Other.swift", Self.files["Other.swift"]! + "\n// edited\n")
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.order.count - 1)
  }

  /// The base's initializer reads one more key: every initializer that runs it, and the
  /// function that calls one, are printed anew.
  @Test func theBasesEditReachesThem() throws {
    let module = try Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write(
      "Base.swift",
      Self.files["Base.swift"]!.replacingOccurrences(
        of: "init(_ scope: ImplicitScope) {}", with: "init(_ scope: ImplicitScope) {\n    @Implicit var clock: Clock\n  }"))
    let result = try module.recheckEqualsCold()
    #expect(result.copied == 1)  // other
  }

  /// The subclass's file edited: its inherited entry and its caller are printed anew.
  @Test func theSubclasssEditReachesIt() throws {
    let module = try Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write("Profile.swift", Self.files["Profile.swift"]! + "\n// edited\n")
    let result = try module.recheckEqualsCold()
    #expect(result.copied == Self.order.count - 2)
  }

  /// A function added in the subclass's file moves its inherited entry's index and the
  /// later entries' positions: the copied ones are renumbered.
  @Test func aFunctionAddedBesideTheSubclass() throws {
    let module = try Module(files: Self.files)
    _ = try module.check(cached: true)
    try module.write("Profile.swift", "func paint(_ scope: ImplicitScope) {\n  @Implicit var theme: Theme\n}\n" + Self.files["Profile.swift"]!)
    let result = try module.recheckEqualsCold()
    #expect(result.count == Self.order.count + 1)
    #expect(result.copied == Self.order.count - 2)
    #expect(result.renumbered == result.copied)
  }

  /// Edits that take the inherited initializers away or give a subclass its own: the
  /// entries come and go, and the outputs stay a cold check's.
  @Test(arguments: ["base loses its scope", "subclass writes an init", "base gains an init", "subclass removed"])
  func inheritanceChanges(_ change: String) throws {
    let module = try Module(files: Self.files)
    _ = try module.check(cached: true)
    switch change {
    case "base loses its scope":
      try module.write(
        "Base.swift", Self.files["Base.swift"]!.replacingOccurrences(of: "init(_ scope: ImplicitScope) {}", with: "init() {}"))
    case "subclass writes an init":
      try module.write(
        "Settings.swift",
        Self.files["Settings.swift"]!.replacingOccurrences(
          of: "  @Implicit var theme: Theme\n", with: "  @Implicit var theme: Theme\n  init(_ scope: ImplicitScope, _ id: Int) { super.init(scope) }\n"))
    case "base gains an init":
      try module.write(
        "Base.swift",
        Self.files["Base.swift"]!.replacingOccurrences(
          of: "init(_ scope: ImplicitScope) {}",
          with: "init(_ scope: ImplicitScope) {}\n  init(_ scope: ImplicitScope, tag: String) {\n    @Implicit var clock: Clock\n  }"))
    default:
      try module.remove("Settings.swift")
    }
    try module.recheckEqualsCold()
  }
}
#endif
