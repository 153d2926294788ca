import Implicits
import ImplicitsTesting
import Testing

@Suite struct ImplicitsTraitVisibility {
  @Test(.implicits { @Implicit var greeting: any Greeting = MockGreeting(text: "mock") })
  func visibleInSynchronousBody() {
    #expect(greet() == "mock")
  }

  @Test(.implicits { @Implicit var greeting: any Greeting = MockGreeting(text: "mock") })
  func visibleAcrossSuspensionPoints() async {
    await Task.yield()
    try? await Task.sleep(for: .milliseconds(1))
    #expect(greet() == "mock")
  }

  @Test(.implicits { @Implicit var greeting: any Greeting = MockGreeting(text: "mock") })
  func visibleInChildTasks() async {
    async let fromAsyncLet = greet()
    let fromGroup = await withTaskGroup(of: String.self) { group in
      for _ in 0..<4 { group.addTask { greet() } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let fromTask = await Task { greet() }.value
    #expect(await fromAsyncLet == "mock")
    #expect(fromGroup == Array(repeating: "mock", count: 4))
    #expect(fromTask == "mock")
  }

  @Test(.implicits { @Implicit var greeting: any Greeting = MockGreeting(text: "mock") })
  func invisibleToDetachedTasks() async {
    let keys = await Task.detached { visibleKeys() }.value
    #expect(keys.isEmpty)
  }

  @Test func invisibleToTestsWithoutTheTrait() {
    #expect(visibleKeys().isEmpty)
  }

  @Test(
    .implicits { @Implicit var greeting: any Greeting = MockGreeting(text: "fresh") },
    arguments: [1, 2, 3])
  func freshValuesForEachCase(_ value: Int) {
    // Each case declares anew; an override made by an earlier case is gone.
    #expect(greet() == "fresh")
    @Implicit var greeting: any Greeting = MockGreeting(text: "case \(value)")
    #expect(greet() == "case \(value)")
  }
}

@Suite(
  .implicits {
    @Implicit(\.owner) var owner = "suite"
    @Implicit(\.suiteOnly) var suiteOnly = 7
  })
struct ImplicitsTraitShadowing {
  @Test func testsInheritTheSuiteValues() {
    @Implicit(\.owner) var owner: String
    @Implicit(\.suiteOnly) var suiteOnly: Int
    #expect(owner == "suite")
    #expect(suiteOnly == 7)
  }

  @Test(.implicits { @Implicit(\.owner) var owner = "test" })
  func aTestTraitShadowsTheSuiteTrait() {
    @Implicit(\.owner) var owner: String
    @Implicit(\.suiteOnly) var suiteOnly: Int
    #expect(owner == "test")
    #expect(suiteOnly == 7)
  }

  @Suite struct Nested {
    @Test func nestedSuitesInheritToo() async {
      @Implicit(\.owner) var owner: String
      #expect(owner == "suite")
    }
  }
}
