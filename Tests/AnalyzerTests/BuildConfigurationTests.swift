#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// A condition the analyzer cannot decide is either way: the same app code, under each
/// kind of condition, is accepted when it is correct in every configuration and reported
/// (naming the condition) when one configuration fails.
@Suite struct BuildConfigurationTests {
  static let undecided = [
    "canImport(UIKit)", "os(iOS)", "arch(arm64)", "targetEnvironment(simulator)", "DEBUG", "swift(>=5.9)",
    "compiler(>=6.0)", "os(iOS) || os(visionOS)", "!os(macOS)", "canImport(UIKit) && !targetEnvironment(macCatalyst)",
  ]

  /// Where the broken program fails, as the note names it.
  static let failing: [String: String] = [
    "canImport(UIKit)": "'canImport(UIKit)' does not hold", "os(iOS)": "'os(iOS)' does not hold",
    "arch(arm64)": "'arch(arm64)' does not hold",
    "targetEnvironment(simulator)": "'targetEnvironment(simulator)' does not hold", "DEBUG": "'DEBUG' does not hold",
    "swift(>=5.9)": "'swift(>=5.9)' does not hold", "compiler(>=6.0)": "'compiler(>=6.0)' does not hold",
    "os(iOS) || os(visionOS)": "'os(iOS)' does not hold and 'os(visionOS)' does not hold",
    "!os(macOS)": "'os(macOS)' holds",
    "canImport(UIKit) && !targetEnvironment(macCatalyst)": "'canImport(UIKit)' does not hold",
  ]

  /// A view model whose two actions read one implicit each.
  static let model = """
    import Implicits
    struct Analytics { init() {} }
    struct Haptics { init() {} }

    final class CheckoutViewModel {
      init() {}
      func confirm(_ scope: ImplicitScope) {
        @Implicit var analytics: Analytics
      }
      func vibrate(_ scope: ImplicitScope) {
        @Implicit var haptics: Haptics
      }
    }

    """

  /// Correct in every configuration: a scope opened and ended inside a clause; a value
  /// declared in every clause of an `#elseif` chain; nested `#if`s used inside.
  static func correct(_ condition: String) -> String {
    let other = condition == "DEBUG" ? "os(Linux)" : "DEBUG"
    return model + """
      func onAppear(model: CheckoutViewModel) {
        #if \(condition)
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var analytics = Analytics()
        @Implicit var haptics = Haptics()
        model.confirm(scope)
        model.vibrate(scope)
        #endif
      }

      func onTap(model: CheckoutViewModel) {
        let scope = ImplicitScope()
        defer { scope.end() }
        #if \(condition)
        @Implicit var haptics = Haptics()
        #elseif os(watchOS)
        @Implicit var haptics = Haptics()
        #else
        @Implicit var haptics = Haptics()
        #endif
        @Implicit var analytics = Analytics()
        model.vibrate(scope)
        model.confirm(scope)
      }

      func onLongPress(model: CheckoutViewModel) {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var analytics = Analytics()
        #if \(condition)
        #if \(other)
        @Implicit var haptics = Haptics()
        model.vibrate(scope)
        #endif
        #endif
        model.confirm(scope)
      }

      """
  }

  /// Fails where the condition does not hold: the value is declared in the clause and
  /// read after the `#endif`.
  static func broken(_ condition: String) -> String {
    model + """
      func onAppear(model: CheckoutViewModel) {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var analytics = Analytics()
        #if \(condition)
        @Implicit var haptics = Haptics()
        #endif
        model.vibrate(scope)
      }

      """
  }

  static func diagnostics(_ source: String, defines: [String] = []) throws -> [Diagnostic] {
    var options = AnalysisOptions(moduleName: "App", sourcePaths: ["App.swift"])
    options.defines = defines
    return try Analyzer.analyze(options, sources: [SourceText(path: "App.swift", bytes: Array(source.utf8))]).diagnostics
  }

  @Test(arguments: undecided)
  func correctInEveryConfigurationIsAccepted(_ condition: String) throws {
    let diagnostics = try Self.diagnostics(Self.correct(condition))
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
  }

  @Test(arguments: undecided)
  func failingInOneConfigurationIsReportedNamingTheCondition(_ condition: String) throws {
    let diagnostics = try Self.diagnostics(Self.broken(condition))
    try #require(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    #expect(diagnostics[0].id == .unresolvedImplicit)
    #expect(diagnostics[0].location.line == 15)
    #expect(diagnostics[0].message.contains("'Haptics'"))
    let failing = try #require(Self.failing[condition])
    #expect(diagnostics[0].notes.contains { $0.location.line == 18 && $0.message.contains("reported where \(failing)") })
  }

  /// Correct only if `os(iOS)` is taken the same way in the caller and its callee: the
  /// haptics are declared and read only on iOS.
  static let tied = model + """
    func vibrate(_ scope: ImplicitScope) {
      #if os(iOS)
      @Implicit var haptics: Haptics
      #endif
    }
    func onTap() {
      let scope = ImplicitScope()
      defer { scope.end() }
      #if os(iOS)
      @Implicit var haptics = Haptics()
      #endif
      vibrate(scope)
    }

    """

  /// The same condition in a caller and its callee is taken the same way in both.
  @Test func aConditionIsTakenTheSameWayEverywhere() throws {
    let source = Self.tied
    #expect(try Self.diagnostics(source).isEmpty)
    let broken = try Self.diagnostics(source.replacingOccurrences(of: "#if os(iOS)\n  @Implicit var haptics = Haptics()\n  #endif\n", with: ""))
    #expect(broken.map(\.id) == [.unresolvedImplicit])
    #expect(broken.first?.notes.contains { $0.message.contains("reported where 'os(iOS)' holds") } == true)
  }

  /// With more undecided conditions than are taken every way, each clause is a branch of
  /// its own and the note names the clause a declaration is made in.
  @Test func manyConditionsFallBackToClausesOnTheirOwn() throws {
    let conditions = ["os(iOS)", "os(tvOS)", "DEBUG", "canImport(UIKit)", "arch(arm64)"]
    var source = Self.model + "func onAppear(model: CheckoutViewModel) {\n"
    source += "  let scope = ImplicitScope()\n  defer { scope.end() }\n  @Implicit var analytics = Analytics()\n"
    for condition in conditions { source += "  #if \(condition)\n  model.confirm(scope)\n  #endif\n" }
    source += "  #if os(iOS)\n  @Implicit var haptics = Haptics()\n  #endif\n  model.vibrate(scope)\n}\n"
    let diagnostics = try Self.diagnostics(source)
    #expect(diagnostics.map(\.id) == [.unresolvedImplicit])
    #expect(diagnostics.first?.notes.contains { $0.message.contains("'Haptics' is declared here only when 'os(iOS)' holds") } == true)
  }

  /// `--define` decides a condition: the clause is compiled, or not at all.
  @Test func aDefinedFlagDecides() throws {
    #expect(try Self.diagnostics(Self.broken("FEATURE"), defines: ["FEATURE"]).isEmpty)
    let undefined = try Self.diagnostics(Self.broken("FEATURE"))
    #expect(undefined.map(\.id) == [.unresolvedImplicit])
    #expect(undefined.first?.notes.contains { $0.message.contains("reported where") || $0.message.contains("only when") } == false)
  }
}
#endif
