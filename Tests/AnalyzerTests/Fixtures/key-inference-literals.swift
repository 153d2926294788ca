func needs(_ scope: ImplicitScope) {
  @Implicit var count: Int
  @Implicit var name: String
  @Implicit var ratio: Double
  @Implicit var enabled: Bool
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var count = 42
  @Implicit var name = "implicits"
  @Implicit var ratio = 0.5
  @Implicit var enabled = true
  needs(scope)
}
