import Implicits

/// Runs `operation` in a scope where `declarations` have declared their implicits: the
/// one-call override for XCTest (or any code without Swift Testing traits).
///
/// ```swift
/// final class CheckoutTests: XCTestCase {
///   override func invokeTest() {
///     withImplicits({ @Implicit var api: any API = MockAPI() }) { super.invokeTest() }
///   }
/// }
/// ```
/// The scope ends when `operation` returns or throws, so nothing leaks into other tests.
public func withImplicits<Result>(
  file: StaticString = #fileID, line: UInt = #line,
  _ declarations: () throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  try withScope(file: file, line: line) { _ in
    try declarations()
    return try operation()
  }
}

/// Runs the asynchronous `operation` in a scope where `declarations` have declared their
/// implicits; the values follow the task and its child tasks until `operation` returns.
public func withImplicits<Result>(
  isolation: isolated (any Actor)? = #isolation,
  file: StaticString = #fileID, line: UInt = #line,
  _ declarations: () async throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await withScope(file: file, line: line) { _ in
    try await declarations()
    return try await operation()
  }
}
