@_spi(Unsafe) import Implicits

/// nested and root: the cost of opening a scope, declaring one value and ending it.
let scopeScenarios: [Scenario] = [
  Scenario("nested", "Implicits", place: .thread { n, probe in
    withScope { outer in nestedDeclarations(ServiceB(), in: outer, n, probe) }
  }),
  Scenario("nested", "TaskLocal.withValue", place: .thread { n, probe in
    TaskLocals.$service.withValue(ServiceA()) {
      let value = ServiceB()
      probe.start()
      for _ in 0..<n { TaskLocals.$other.withValue(value) {} }
      probe.stop()
    }
  }),
  Scenario("nested (boxed value)", "Implicits", place: .thread { n, probe in
    withScope { outer in nestedDeclarations(Settings(), in: outer, n, probe) }
  }),
  Scenario("root", "Implicits", place: .thread { n, probe in
    let value = ServiceB()
    probe.start()
    for _ in 0..<n {
      let scope = ImplicitScope()
      @Implicit var declared = value
      scope.end()
    }
    probe.stop()
  }),
]

/// `n` times: a scope nested in `outer` (which holds one service), declaring `value`.
func nestedDeclarations<Value>(_ value: Value, in outer: ImplicitScope, _ n: Int, _ probe: Probe) {
  @Implicit var service = ServiceA()
  probe.start()
  for _ in 0..<n {
    let scope = outer.nested()
    @Implicit var declared = value
    scope.end()
  }
  probe.stop()
}

/// bag-k and capture-k.
let bagScenarios: [Scenario] =
  [1, 5, 50].map(bagRestore) + [1, 5, 50].map(bagFirstRestore) + [1, 5, 50].map(capture)

/// Restores a bag of `k` service values (outside any scope, as a callback would) and ends it.
private func bagRestore(_ k: Int) -> Scenario {
  Scenario("bag-\(k)", "Implicits", largeIterations: k > 5 ? 10_000 : 50_000, place: .thread { n, probe in
    let bag = withScope { _ in
      GeneratedKeys.declare(0..<k) { _ in ServiceA() }
      return Implicits.captureAll()
    }
    probe.start()
    for _ in 0..<n {
      let scope = ImplicitScope(with: bag)
      scope.end()
    }
    probe.stop()
  })
}

/// Restores each of many bags of `k` service values once (outside any scope) and ends it:
/// a bag's first restore on a thread copies its values in, where later restores read the
/// bag's own table (bag-k). The bags are made before the measurement and die after it.
private func bagFirstRestore(_ k: Int) -> Scenario {
  Scenario("bag-\(k) (first restore)", "Implicits", largeIterations: k > 5 ? 10_000 : 50_000, place: .thread { n, probe in
    let bags = withScope { _ in
      GeneratedKeys.declare(0..<k) { _ in ServiceA() }
      return (0..<n).map { _ in Implicits.captureAll() }
    }
    bags.withUnsafeBufferPointer { bags in
      probe.start()
      for index in bags.indices {
        let scope = ImplicitScope(with: bags[index])
        scope.end()
      }
      probe.stop()
    }
  })
}

/// Captures `k` keys by identifier, as code generated for `#implicits` does.
private func capture(_ k: Int) -> Scenario {
  Scenario("capture-\(k)", "Implicits", largeIterations: k > 5 ? 10_000 : 50_000, place: .thread { n, probe in
    let scope = ImplicitScope()
    GeneratedKeys.declare(0..<k) { _ in ServiceA() }
    let keys = GeneratedKeys.identifiers(0..<k, of: ServiceA.self)
    probe.start()
    for _ in 0..<n { blackHole(Implicits(unsafeKeys: keys)) }
    probe.stop()
    scope.end()
  })
}
