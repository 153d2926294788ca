// A `.implicits { }` trait whose declaration's key cannot be told gets `key-not-inferable`
// at that declaration, once, and the reads it may provide are not reported as well — as
// for a declaration in a scope. Found by the blind round of session 12
// (`@Test(.implicits { @Implicit var clock = Clock.fixed })` with `Clock` in another
// module): no `key-not-inferable`, and a false `unresolved-implicit` at the test.
import ImplicitsTesting
import Testing
import XCTest

struct Clock {
  var now: Int
  static let current = Clock(now: 1)
}
struct Logger { init() {} }
let container = (clock: Clock(now: 1), logger: Logger())

/// A service locator the tests used before implicits: `resolve()` is generic.
struct Resolver {
  func resolve<T>() -> T { Clock(now: 1) as! T }
}
let resolver = Resolver()

func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock
  return clock.now
}

@Suite(.implicits { @Implicit var clock = container.clock }) // expected-error@:35 [key-not-inferable] {{cannot infer the key of implicit 'clock'}}
struct SuiteTraitTests {
  @Test func stampsWithTheSuiteClock() {
    #expect(withScope { scope in stamp(scope) } == 1)
  }

  @Test func stampsAgain() {
    #expect(withScope { scope in stamp(scope) } == 1)
  }
}

struct TestTraitTests {
  @Test(.implicits {
    @Implicit var logger = Logger()
    @Implicit var clock = resolver.resolve() // expected-error@:19 [key-not-inferable] {{cannot infer the key of implicit 'clock'}}
  })
  func stampsWithTheTestClock() {
    #expect(withScope { scope in stamp(scope) } == 1)
  }

  @Test(.implicits { @Implicit var clock: Clock = resolver.resolve() })
  func annotatedIsKnown() {
    #expect(withScope { scope in stamp(scope) } == 1)
  }

  /// A static property is keyed by its type, as in a body.
  @Test(.implicits { @Implicit var clock = Clock.current })
  func staticPropertyIsKnown() {
    #expect(withScope { scope in stamp(scope) } == 1)
  }
}

final class ClockXCTests: XCTestCase {
  override func invokeTest() {
    withImplicits({ @Implicit var clock = container.clock }) { // expected-error@:35 [key-not-inferable] {{cannot infer the key of implicit 'clock'}}
      super.invokeTest()
    }
  }

  func testStamps() {
    XCTAssertEqual(withScope { scope in stamp(scope) }, 1)
  }
}
