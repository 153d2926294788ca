// The app appends untyped closures to the flow's collection properties: each reads from
// the scope `Flow.run` gives it. `main` declares what they read before it runs the flow:
// no error anywhere.
import Core
import Implicits

func makeFlow() -> Flow {
  let flow = Flow()
  flow.steps.append { scope in log("step", scope) }
  flow.checks += [{ scope in count("check", scope) }]
  return flow
}

@main
struct App {
  static func main() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    @Implicit var metrics = Metrics()
    makeFlow().run(scope)
  }
}
