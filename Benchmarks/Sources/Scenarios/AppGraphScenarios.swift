/// app-graph: build a 1,000-component app that reads from 250 provided services
/// (`AppGraph.generated.swift`, written by `Scripts/generate_app_graph.py`).
let appGraphScenarios: [Scenario] = [
  Scenario("app-graph", "Implicits", largeIterations: 200, place: .thread { n, probe in
    probe.start()
    for _ in 0..<n { blackHole(AppGraph.buildWithImplicits()) }
    probe.stop()
  }),
] + peerAppGraphScenarios

#if Peers
  let peerAppGraphScenarios: [Scenario] = [
    Scenario("app-graph", "swift-dependencies", largeIterations: 10, place: .thread { n, probe in
      probe.start()
      for _ in 0..<n { blackHole(AppGraph.buildWithDependencies()) }
      probe.stop()
    }),
    Scenario("app-graph", "Swinject", largeIterations: 10, place: .thread { n, probe in
      probe.start()
      for _ in 0..<n { blackHole(AppGraph.buildWithSwinject()) }
      probe.stop()
    }),
  ]
#else
  let peerAppGraphScenarios: [Scenario] = []
#endif
