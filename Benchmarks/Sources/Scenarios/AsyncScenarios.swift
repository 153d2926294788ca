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
