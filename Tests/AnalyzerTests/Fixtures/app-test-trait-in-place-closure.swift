// The closure runs in the test's task, inside the trait's scope: at run time the suite's
// journal is visible to it. (The fifth blind round's `aStuckValveClosesAndThrows` wrapped
// its `withScope` in `#expect(throws:)`.)
import ImplicitsTesting
import Testing
import XCTest

struct Journal { init() {} }
enum ValveError: Error { case stuck }

func irrigate(_ bed: Int, _ scope: ImplicitScope) throws {
  @Implicit var journal: Journal // expected-note@:17 {{'Journal' is read here}} // expected-note@:17 {{'Journal' is read here}} // expected-note@:17 {{'Journal' is read here}}
  if bed == 13 { throw ValveError.stuck }
}

@Suite(.implicits { @Implicit var journal = Journal() })
struct ValveTests {
  @Test func stuckValveThrows() {
    #expect(throws: ValveError.stuck) {
      try withScope { scope in try irrigate(13, scope) }
    }
  }

  @Test func everyBed() {
    [1, 2].forEach { bed in try? withScope { scope in try irrigate(bed, scope) } }
  }

  @Test func localClosure() {
    let water = { try? withScope { scope in try irrigate(3, scope) } }
    water()
  }

  @Test func directly() throws {
    try withScope { scope in try irrigate(4, scope) }
  }
}

struct UnpreparedTests {
  @Test func noTrait() {
    #expect(throws: ValveError.stuck) {
      try withScope { scope in try irrigate(13, scope) } // expected-error@:11 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}} // expected-note@:36 {{'Journal' is required by the call to 'irrigate(_:_:)' here}}
    }
  }
}

struct Ledger { init() {} }

@Suite(.implicits { @Implicit var ledger = Ledger() })
struct LedgerOnlyTests {
  // The trait gives a ledger, not the journal the valve writes to: the test's trait scope
  // is the entry point that lacks it.
  @Test func stuckValveThrows() { // expected-error@:14 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
    #expect(throws: ValveError.stuck) { // expected-note@:39 {{'Journal' is required by the closure created here}}
      try withScope { scope in try irrigate(13, scope) } // expected-note@:36 {{'Journal' is required by the call to 'irrigate(_:_:)' here}}
    }
  }

  @Test func everyBed() { // expected-error@:14 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
    [1, 2].forEach { bed in try? withScope { scope in try irrigate(bed, scope) } } // expected-note@:20 {{'Journal' is required by the closure created here}} // expected-note@:59 {{'Journal' is required by the call to 'irrigate(_:_:)' here}}
  }
}

// XCTest: the tests run inside `withImplicits` around `invokeTest`.
final class ValveXCTests: XCTestCase {
  override func invokeTest() {
    withImplicits({ @Implicit var journal = Journal() }) { super.invokeTest() }
  }

  func testStuckValveThrows() {
    XCTAssertThrowsError(try withScope { scope in try irrigate(13, scope) })
  }

  func testEveryBed() {
    [1, 2].forEach { bed in try? withScope { scope in try irrigate(bed, scope) } }
  }
}
