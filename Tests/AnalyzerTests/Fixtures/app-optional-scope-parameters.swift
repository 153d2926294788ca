// A scope taken as an optional (`_ scope: ImplicitScope?`, a view model's
// `init(_ scope: ImplicitScope? = nil)` for previews) makes no function implicit: the analyzer
// says so once, at the parameter, instead of at every call ("cannot resolve the implicit
// function 'render(_:)'… needs its declaration in this module", though it is declared here,
// found by the session-29 hunt). What such a function does with its scope is still
// reported where it does it: an implicit read in its body, a call with the unwrapped scope.
import Implicits

struct Theme { init() {} }
struct Tracker { init() {} }

func paint(_ scope: ImplicitScope) { @Implicit var theme: Theme } // expected-note@:52 {{'Theme' is read here}}

func render(_ scope: ImplicitScope?) { // expected-error@:22 [scope-parameter-optional] {{'render' takes the scope as 'ImplicitScope?', which the analyzer does not follow, so what it needs is not checked; take '_ scope: ImplicitScope'}}
  guard let scope else { return }
  paint(scope) // expected-error@:9 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope'}}
}

func renderIfPresent(_ scope: ImplicitScope!) { // expected-error@:31 [scope-parameter-optional] {{'renderIfPresent' takes the scope as 'ImplicitScope!'}}
  if let scope { paint(scope) } // expected-error@:24 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope'}}
}

func header(_ scope: Optional<ImplicitScope>) { // expected-error@:22 [scope-parameter-optional] {{'header' takes the scope as 'Optional<ImplicitScope>'}}
  @Implicit var tracker: Tracker // expected-error@:17 [implicit-without-scope-parameter] {{implicit 'Tracker' used in 'header(_:)', which has no ImplicitScope parameter}}
}

final class ProfileViewModel {
  let title: String
  init(_ scope: ImplicitScope? = nil) { // expected-error@:17 [scope-parameter-optional] {{'init' takes the scope as 'ImplicitScope?'}}
    title = "Profile"
  }
}

// The callers: nothing to report at the calls, whatever they pass.
func screen() {
  let scope = ImplicitScope()
  defer { scope.end() }
  render(scope)
  renderIfPresent(scope)
  header(nil)
  _ = ProfileViewModel(scope)
  _ = ProfileViewModel()
}

// A non-optional scope next to them is followed as always.
func screenWithoutTheme() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  render(scope)
  paint(scope) // expected-note@:3 {{'Theme' is required by the call to 'paint(_:)' here}}
}
