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
let bagScenarios: [Scenario] = [1, 5, 50].map(bagRestore) + [1, 5, 50].map(capture)

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
