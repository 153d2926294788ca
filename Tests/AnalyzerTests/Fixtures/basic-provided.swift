import Implicits

struct Network {}

func fetch(_ scope: ImplicitScope) {
  @Implicit var network: Network
  _ = network
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  fetch(scope)
}
