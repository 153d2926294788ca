struct Network {}
struct Logger {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
}

func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger()
  schedule { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var network = Network()
    fetch(scope)
  }
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  start(scope)
}
