import Implicits
import ImplicitsTesting
import Testing

@Suite struct WithImplicitsTests {
  @Test func declaresForTheOperationOnly() {
    let inside = withImplicits({ @Implicit var greeting: any Greeting = MockGreeting(text: "xc") }) {
      greet()
    }
    #expect(inside == "xc")
    #expect(visibleKeys().isEmpty)
  }

  @Test func asyncOperationsKeepTheValuesAcrossAwaitsAndInChildTasks() async {
    let (afterAwait, inChild) = await withImplicits({
      @Implicit var greeting: any Greeting = MockGreeting(text: "xc async")
    }) {
      await Task.yield()
      async let child = greet()
      return (greet(), await child)
    }
    #expect(afterAwait == "xc async")
    #expect(inChild == "xc async")
    #expect(visibleKeys().isEmpty)
  }

  @Test func endsTheScopeWhenTheOperationThrows() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try withImplicits({ @Implicit(\.owner) var owner = "thrown" }) { throw Failure() }
    }
    #expect(visibleKeys().isEmpty)
  }
}
