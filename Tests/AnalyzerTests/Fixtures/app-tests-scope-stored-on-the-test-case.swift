// Tests that keep their scope on the test case (issue 18 item 8, from the blind round): an
// XCTest case opening it in `setUp` and ending it in `tearDown`, a Swift Testing suite class
// opening it in `init` and ending it in `deinit`. A scope is a named `let` (`scope-not-let`):
// the user gets that one error where the scope is stored, with the supported forms in its
// note, and nothing for the declarations after it or the uses of the property.
import ImplicitsTesting
import Testing
import XCTest

final class Logger { init(label: String) {} }
final class Database { static func open(_ name: String) -> Database { Database() } }
final class APIClient {}

final class BookDetailModel {
  init(title: String, _ scope: ImplicitScope) {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
  }

  func rate(_ stars: Int, _ scope: ImplicitScope) {
    @Implicit var database: Database // expected-note@:19 {{'Database' is read here}}
  }
}

func sync(_ scope: ImplicitScope) async throws {
  @Implicit var api: APIClient
}

final class LibraryServiceTests: XCTestCase {
  private var scope: ImplicitScope!

  override func setUp() {
    super.setUp()
    scope = ImplicitScope() // expected-error@:13 [scope-not-let] {{'scope' keeps this one in a property}}
    // expected-note@-1:13 {{wrap 'super.invokeTest()' in 'withImplicits({ … }) { … }'; in Swift Testing, use the '.implicits { … }' trait}}
    @Implicit var logger = Logger(label: "test")
    @Implicit var database = Database.open("test.db")
  }

  override func tearDown() {
    scope.end()
    scope = nil
    super.tearDown()
  }

  func testRatingIsSaved() {
    let model = BookDetailModel(title: "Dune", scope)
    model.rate(4, scope)
  }

  func testRatingThroughSelf() {
    BookDetailModel(title: "Emma", self.scope).rate(2, self.scope!)
  }

  func testSyncs() async throws {
    let scope = try XCTUnwrap(self.scope)
    try await sync(scope)
  }

  // Broken: a test that opens its own scope is checked as any other.
  func testRatingWithItsOwnScope() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger(label: "own")
    BookDetailModel(title: "Kim", scope).rate(5, scope) // expected-note@:5 {{'Database' is required by the call to 'rate(_:_:)' here}}
  }
}

@Suite final class RatingSuite {
  let scope: ImplicitScope

  init() {
    self.scope = ImplicitScope() // expected-error@:18 [scope-not-let] {{'scope' keeps this one in a property}}
    // expected-note@-1:18 {{use the '.implicits { … }' trait on the suite or the test}}
    @Implicit var logger = Logger(label: "suite")
    @Implicit(.lazy) var database = Database.open("suite.db")
  }

  deinit {
    scope.end()
  }

  @Test func rates() async throws {
    try await withScope(nesting: scope) { scope in
      @Implicit var api = APIClient()
      BookDetailModel(title: "Dune", scope).rate(3, scope)
      try await sync(scope)
    }
  }

  @Test func ratesInParallel() async throws {
    let scope = self.scope
    try await withThrowingTaskGroup(of: Void.self) { group in
      for title in ["Dune", "Emma"] {
        group.addTask {
          try await withScope(nesting: scope) { scope in
            BookDetailModel(title: title, scope).rate(1, scope)
          }
        }
      }
      try await group.waitForAll()
    }
  }

  // Broken: `withScope` without nesting opens a root scope of its own, not on the suite's.
  @Test func ratesAtTheRoot() {
    withScope { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
      _ = BookDetailModel(title: "Ulysses", scope) // expected-note@:11 {{'Logger' is required by the call to 'BookDetailModel.init(title:_:)' here}}
    }
  }
}
