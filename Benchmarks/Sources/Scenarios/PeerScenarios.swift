#if Peers
  import Dependencies
  import Swinject

  /// read-1 for the dependency-injection peers: one value registered, read once per op.
  let peerReadScenarios: [Scenario] = [
    Scenario("read-1", "swift-dependencies", largeIterations: 20_000, place: .thread { n, probe in
      withDependencies {
        $0.serviceA = ServiceA()
      } operation: {
        probe.start()
        for _ in 0..<n {
          @Dependency(\.serviceA) var read
          blackHole(read)
        }
        probe.stop()
      }
    }),
    Scenario("read-1", "Swinject", largeIterations: 20_000, place: .thread { n, probe in
      let container = Container()
      container.register(ServiceA.self) { _ in ServiceA() }.inObjectScope(.container)
      _ = container.resolve(ServiceA.self)
      probe.start()
      for _ in 0..<n { blackHole(container.resolve(ServiceA.self)!) }
      probe.stop()
    }),
  ]

  private enum ServiceAKey: DependencyKey {
    static let liveValue = ServiceA()
  }

  extension DependencyValues {
    var serviceA: ServiceA {
      get { self[ServiceAKey.self] }
      set { self[ServiceAKey.self] = newValue }
    }
  }
#else
  let peerReadScenarios: [Scenario] = []
#endif
