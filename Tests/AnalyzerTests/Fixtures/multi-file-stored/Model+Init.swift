extension Model {
  convenience init(_ scope: ImplicitScope) {
    self.init()
  }
}

func main() {
  let scope = ImplicitScope() // expected-error {{unresolved implicit 'Clock'}}
  defer { scope.end() }
  _ = Model(scope) // expected-note {{'Clock' is required by the call to 'init(_:)'}}
}
