extension Model {
  convenience init(_ scope: ImplicitScope) {
    self.init()
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock'}}
  defer { scope.end() }
  _ = Model(scope) // expected-note@:7 {{'Clock' is required by the call to 'Model.init(_:)'}}
}
