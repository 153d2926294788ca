import Implicits

/// async: reads in a task (the task path), against task-local reads.
let asyncScenarios: [Scenario] = [
  Scenario("async read after await", "Implicits", place: .task { n, probe in
    await withScope { _ in
      @Implicit var service = ServiceA()
      await Task.yield()
      probe.start()
      for _ in 0..<n {
        @Implicit var read: ServiceA
        blackHole(read)
      }
      probe.stop()
    }
  }),
  Scenario("async read after await", "TaskLocal", place: .task { n, probe in
    await TaskLocals.$service.withValue(ServiceA()) {
      await Task.yield()
      probe.start()
      for _ in 0..<n { blackHole(TaskLocals.service) }
      probe.stop()
    }
  }),
  Scenario("async child task read", "Implicits", place: .task { n, probe in
    await withScope { _ in
      @Implicit var service = ServiceA()
      async let child: Void = {
        probe.start()
        for _ in 0..<n {
          @Implicit var read: ServiceA
          blackHole(read)
        }
        probe.stop()
      }()
      await child
    }
  }),
  Scenario("async child task read", "TaskLocal", place: .task { n, probe in
    await TaskLocals.$service.withValue(ServiceA()) {
      async let child: Void = {
        probe.start()
        for _ in 0..<n { blackHole(TaskLocals.service) }
        probe.stop()
      }()
      await child
    }
  }),
  Scenario("async nested", "Implicits", largeIterations: 50_000, place: .task { n, probe in
    // A synchronous body, but in a task: the task path.
    withScope { outer in nestedDeclarations(ServiceB(), in: outer, n, probe) }
  }),
  Scenario("async nested", "TaskLocal.withValue", largeIterations: 50_000, place: .task { n, probe in
    TaskLocals.$service.withValue(ServiceA()) {
      let value = ServiceB()
      probe.start()
      for _ in 0..<n { TaskLocals.$other.withValue(value) {} }
      probe.stop()
    }
  }),
]

/// async read-N: eight probe keys read round-robin in a task, with N values declared in
/// enclosing frames (the probes in the outermost, the rest ten per frame above it).
let asyncReadScenarios: [Scenario] = [8, 1_000].map { count in
  Scenario(
    "async read-\(count)", "Implicits", opsPerIteration: 8, largeIterations: 20_000,
    place: .task { n, probe in
      await withScope { _ in
        @Implicit var p0 = Probe0()
        @Implicit var p1 = Probe1()
        @Implicit var p2 = Probe2()
        @Implicit var p3 = Probe3()
        @Implicit var p4 = Probe4()
        @Implicit var p5 = Probe5()
        @Implicit var p6 = Probe6()
        @Implicit var p7 = Probe7()
        var frames: [ImplicitScope] = []
        for start in stride(from: 0, to: count - 8, by: 10) {
          frames.append(ImplicitScope())
          GeneratedKeys.declare(start..<min(start + 10, count - 8)) { $0 }
        }
        let top = ImplicitScope()
        await Task.yield()
        probe.start()
        for _ in 0..<n {
          readEightProbes()
        }
        probe.stop()
        top.end()
        for frame in frames.reversed() { frame.end() }
      }
    })
}

/// async bag-k: `ImplicitScope(with: bag)` + `end()` in a task, for a bag of k services.
let asyncBagScenarios: [Scenario] = [1, 5, 8].map { k in
  Scenario("async bag-\(k)", "Implicits", largeIterations: 50_000, place: .task { n, probe in
    let bag = withScope { _ in
      GeneratedKeys.declare(0..<k) { _ in ServiceA() }
      return Implicits.captureAll()
    }
    // The first restore in a task builds the bag's map, once per bag.
    ImplicitScope(with: bag).end()
    probe.start()
    for _ in 0..<n {
      let scope = ImplicitScope(with: bag)
      scope.end()
    }
    probe.stop()
  })
}
