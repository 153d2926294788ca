// XCTest runs an async test method in a task that it starts from synchronous code, so the
// values `invokeTest` declares with `withImplicits` are not visible to it (at run time it
// stops on the first read); synchronous tests and `setUp` run inside them. A declaration
// from a stored property (`@Implicit var logger = self.logger`) provides its type's key.
import ImplicitsTesting
import XCTest

final class Logger { func log(_ line: String) {} }
struct Database { init() {} }

func save(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
  // expected-note@-1:17 {{'Logger' is read here}}
  @Implicit var database: Database // expected-note@:17 {{'Database' is read here}}
  // expected-note@-1:17 {{'Database' is read here}}
  logger.log("saved")
}

class StoreTestCase: XCTestCase {
  let logger = Logger()

  override func invokeTest() {
    withImplicits({
      @Implicit var logger = self.logger
      @Implicit var database = Database()
    }) {
      super.invokeTest()
    }
  }

  func testSaves() {
    withScope { scope in save(scope) }
  }

  // An async test declares what it needs itself.
  func testSavesAsync() async {
    await withImplicits({
      @Implicit var logger = self.logger
      @Implicit var database = Database()
    }) {
      withScope { scope in save(scope) }
    }
  }

  // Broken: the test runs in a task of its own, outside invokeTest's values.
  func testSavesInTheCaseScopeAsync() async {
    withScope { scope in save(scope) } // expected-error@:5 [unresolved-implicit] {{unresolved implicits 'Database' and 'Logger' at this entry point}}
    // expected-note@-1:26 {{'Database' and 'Logger' are required by the call to 'save(_:)' here}}
  }
}
