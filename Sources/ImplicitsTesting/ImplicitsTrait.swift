#if canImport(Testing)
import Implicits
import Testing

/// A Swift Testing trait that declares implicits for a test, or for every test of a suite.
///
/// Write the declarations as you would in a scope; they are visible to the test body
/// (synchronous and asynchronous code, child tasks included) and to nothing else:
/// ```swift
/// @Test(.implicits { @Implicit var api: any API = MockAPI() })
/// func loadsProfile() async throws {
///   #expect(try await ProfileModel().load().name == "Mock")
/// }
///
/// @Suite(.implicits { @Implicit(\.retries) var retries = 0 })
/// struct CheckoutTests { … }
/// ```
///
/// Each test case runs the declarations afresh in a scope of its own, inside the task
/// that runs it, so tests running in parallel never see each other's values. A test's
/// trait is applied inside its suite's, so what the test declares shadows what the suite
/// declares for the same key.
public struct ImplicitsTrait: TestTrait, SuiteTrait, TestScoping {
  @usableFromInline let _declarations: @Sendable () async throws -> Void
  @usableFromInline let _file: StaticString
  @usableFromInline let _line: UInt

  @usableFromInline
  init(
    _declarations: @escaping @Sendable () async throws -> Void, file: StaticString, line: UInt
  ) {
    self._declarations = _declarations
    self._file = file
    self._line = line
  }

  /// A suite's trait reaches every test in it (nested suites included).
  public var isRecursive: Bool { true }

  /// The scope is opened around each test case, never around a whole suite: a suite-wide
  /// scope would share one set of values between tests running in parallel.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Opens a scope, runs the declarations in it, runs the test, and ends the scope.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withScope(file: _file, line: _line) { _ in
      try await _declarations()
      try await function()
    }
  }
}

extension Trait where Self == ImplicitsTrait {
  /// Declares implicits for the test or for every test of the suite this trait is on.
  ///
  /// ```swift
  /// @Test(.implicits { @Implicit var api = MockAPI() })
  /// func refreshes() { … }
  /// ```
  ///
  /// - Parameter declarations: Runs at the start of each test case, in the test's own scope;
  ///   the `@Implicit` values it declares are what the test reads.
  public static func implicits(
    file: StaticString = #fileID, line: UInt = #line,
    _ declarations: @escaping @Sendable () async throws -> Void
  ) -> Self {
    ImplicitsTrait(_declarations: declarations, file: file, line: line)
  }
}
#endif
