import Implicits
import ImplicitsTesting
import Testing

/// Four tests with different values for the same key, all inside their scopes at once:
/// each one declares, waits until the others have declared too, and reads again. If the
/// trait's values were shared (global, per thread, per suite) a test would read another's.
@Suite struct ParallelTestsAreIsolated {
  static let rendezvous = Rendezvous(expected: 4)

  @Test(.implicits { @Implicit(\.owner) var owner = "A" }) func a() async { await check("A") }
  @Test(.implicits { @Implicit(\.owner) var owner = "B" }) func b() async { await check("B") }
  @Test(.implicits { @Implicit(\.owner) var owner = "C" }) func c() async { await check("C") }
  @Test(.implicits { @Implicit(\.owner) var owner = "D" }) func d() async { await check("D") }

  func check(_ expected: String) async {
    @Implicit(\.owner) var before: String
    #expect(before == expected)
    await Self.rendezvous.meet()
    @Implicit(\.owner) var after: String
    #expect(after == expected)
    #expect(visibleKeys().count == 1)
  }
}

/// Lets tests running in parallel wait for each other (for at most a second, so a serial
/// run, `swift test --no-parallel`, still finishes).
actor Rendezvous {
  let expected: Int
  private var arrived = 0

  init(expected: Int) { self.expected = expected }

  private func arrive() { arrived += 1 }
  private var everyoneArrived: Bool { arrived >= expected }

  func meet() async {
    arrive()
    for _ in 0..<100 where !everyoneArrived {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}
