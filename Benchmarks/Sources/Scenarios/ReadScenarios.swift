import Implicits

/// read-1 and read-N: reading one implicit, and one of N values in context.
let readScenarios: [Scenario] = [
  Scenario("read-1", "local variable", place: .thread { n, probe in
    let service = ServiceA()
    probe.start()
    for _ in 0..<n { blackHole(service) }
    probe.stop()
  }),
  Scenario("read-1", "Implicits", place: .thread { n, probe in readOne(ServiceA(), n, probe) }),
  Scenario("read-1", "TaskLocal", place: .thread { n, probe in
    TaskLocals.$service.withValue(ServiceA()) {
      probe.start()
      for _ in 0..<n { blackHole(TaskLocals.service) }
      probe.stop()
    }
  }),
] + peerReadScenarios + [
  Scenario("read-1 (main thread)", "Implicits", place: .mainThread { n, probe in readOne(ServiceA(), n, probe) }),
  Scenario("read-1 (word value)", "Implicits", place: .thread { n, probe in readOne(42, n, probe) }),
  Scenario("read-1 (boxed value)", "Implicits", place: .thread { n, probe in
    readOne(Settings(), n, probe)
  }),
] + [10, 100, 1_000, 10_000].map(readN)

/// `n` reads of `value`, the only value in context.
private func readOne<Value>(_ value: Value, _ n: Int, _ probe: Probe) {
  withScope { _ in
    @Implicit var declared = value
    probe.start()
    for _ in 0..<n {
      @Implicit var read: Value
      blackHole(read)
    }
    probe.stop()
  }
}

/// Reads the eight probe keys round-robin with `count` values in context.
private func readN(_ count: Int) -> Scenario {
  Scenario("read-\(count)", "Implicits", opsPerIteration: 8, largeIterations: 20_000, place: .thread { n, probe in
    let scope = ImplicitScope()
    @Implicit var p0 = Probe0()
    @Implicit var p1 = Probe1()
    @Implicit var p2 = Probe2()
    @Implicit var p3 = Probe3()
    GeneratedKeys.declare(0..<(count - 8)) { $0 }
    @Implicit var p4 = Probe4()
    @Implicit var p5 = Probe5()
    @Implicit var p6 = Probe6()
    @Implicit var p7 = Probe7()
    probe.start()
    for _ in 0..<n {
      readEightProbes()
    }
    probe.stop()
    scope.end()
  })
}

/// Reads the eight probe keys once each (inlined into the measured loop).
@inline(__always)
func readEightProbes() {
  do { @Implicit var read: Probe0; blackHole(read) }
  do { @Implicit var read: Probe1; blackHole(read) }
  do { @Implicit var read: Probe2; blackHole(read) }
  do { @Implicit var read: Probe3; blackHole(read) }
  do { @Implicit var read: Probe4; blackHole(read) }
  do { @Implicit var read: Probe5; blackHole(read) }
  do { @Implicit var read: Probe6; blackHole(read) }
  do { @Implicit var read: Probe7; blackHole(read) }
}
