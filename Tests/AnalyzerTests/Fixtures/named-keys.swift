extension ImplicitsKeys {
  static let darkMode = Key<Bool>()
  public static let userID = Key<String>()
}

func render(_ scope: ImplicitScope) {
  @Implicit(\.darkMode) var dark
  @Implicit(\.userID) var user // expected-note@:27 {{'\.userID' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userID'}}
  defer { scope.end() }
  @Implicit(\.darkMode) var dark = true
  render(scope) // expected-note@:3 {{'\.userID' is required by the call to 'render(_:)'}}
}
