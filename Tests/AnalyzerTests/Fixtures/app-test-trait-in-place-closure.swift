// analyzer-known-issue: a scope opened inside a closure that runs in place in a test (`#expect(throws:) { }`, `forEach { }`, a local closure called there) is an entry point of its own, without the values of the test's `.implicits { }` traits: a false 'Journal' at each
// The closure runs in the test's task, inside the trait's scope: at run time the suite's
// journal is visible to it. (The fifth blind round's `aStuckValveClosesAndThrows` wrapped
// its `withScope` in `#expect(throws:)`.)
import ImplicitsTesting
import Testing

struct Journal { init() {} }
enum ValveError: Error { case stuck }

func irrigate(_ bed: Int, _ scope: ImplicitScope) throws {
  @Implicit var journal: Journal // expected-note@:17 {{'Journal' is read here}}
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
