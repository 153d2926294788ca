import ImplicitsTesting
import XCTest

final class ExportTests: StoreTestCase {
  func testExports() {
    withScope { scope in save(scope) }
  }

  // Broken: inherited or not, invokeTest's values do not reach an async test.
  func testExportsAsync() async throws {
    try await Task.sleep(for: .milliseconds(1))
    withScope { scope in save(scope) } // expected-error@:5 [unresolved-implicit] {{unresolved implicits 'Database' and 'Logger' at this entry point}}
    // expected-note@-1:26 {{'Database' and 'Logger' are required by the call to 'save(_:)' here}}
  }
}
