// Found by the differential test (Tests/Differential, seed 1): a function that opens two
// scopes one after another (two nested scopes, two root scopes in `do` blocks, a root
// scope and one nested in it) runs; each scope's values are gone after it ends. The
// analyzer rejected the second scope until issue 18 item 5.
import Implicits

struct Session {
  let user: Int
}

struct Theme {
  let dark: Bool
}

func render(_ scope: ImplicitScope) {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}}
  @Implicit var theme: Theme
  print(session.user, theme.dark)
}

func preview(_ scope: ImplicitScope) {
  do {
    let light = scope.nested()
    defer { light.end() }
    @Implicit var theme = Theme(dark: false)
    render(light) // expected-note@:5 {{'Session' is required by the call to 'render(_:)' here}}
  }
  do {
    let dark = scope.nested()
    defer { dark.end() }
    @Implicit var theme = Theme(dark: true)
    render(dark)
  }
}

func main() {
  do {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var session = Session(user: 1)
    preview(scope)
  }
  do {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var session = Session(user: 2)
    preview(scope)
  }
}

// A root scope and a scope nested in it, in one function.
func darkPreview() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session(user: 3)
  do {
    let dark = scope.nested()
    defer { dark.end() }
    @Implicit var theme = Theme(dark: true)
    render(dark)
  }
}

// The second scope does not see what the first declared: the runtime stops.
func signedOutPreview() {
  do {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var session = Session(user: 1)
    preview(scope)
  }
  do {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
    defer { scope.end() }
    preview(scope) // expected-note@:5 {{'Session' is required by the call to 'preview(_:)' here}}
  }
}
