import Dispatch
import Implicits

/// contention: every thread opens a scope, declares, reads twice and ends it, with its
/// own context; two threads must do twice the work of one in the same time.
let contentionScenarios: [Scenario] = [1, 2].map { threads in
  Scenario(
    "contention", threads == 1 ? "1 thread" : "\(threads) threads", opsPerIteration: threads,
    largeIterations: 50_000, place: .thread { n, probe in contend(threads: threads, n, probe) })
}

private func contend(threads: Int, _ n: Int, _ probe: Probe) {
  let ready = DispatchSemaphore(value: 0)
  let go = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  let workers = (0..<threads).map { _ in
    PlainThread.start {
      let outer = ImplicitScope()
      @Implicit var service = ServiceA()
      let value = ServiceB()
      ready.signal()
      go.wait()
      for _ in 0..<n {
        let scope = outer.nested()
        @Implicit var declared = value
        @Implicit var a: ServiceA
        @Implicit var b: ServiceB
        blackHole(a)
        blackHole(b)
        scope.end()
      }
      done.signal()
      outer.end()
    }
  }
  for _ in 0..<threads { ready.wait() }
  probe.start()
  for _ in 0..<threads { go.signal() }
  for _ in 0..<threads { done.wait() }
  probe.stop()
  for worker in workers { worker.join() }
}
