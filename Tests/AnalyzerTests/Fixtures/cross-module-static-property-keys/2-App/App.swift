import Core
import Implicits
import ImplicitsTesting
import Testing

func exportWithTheFixedClock() -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock.fixed
  return stamp(scope)
}

func exportWithTheSystemClock() -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock.system
  return stamp(scope)
}

func exportWithAMadeClock() -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock.make()
  return stamp(scope)
}

func exportWithoutAClock() -> Int {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  return stamp(scope) // expected-note@:10 {{'Clock' is required by the call to 'stamp(_:)' here}} // expected-note@:10 {{'Clock' is read in 'stamp(_:)' at cross-module-static-property-keys/1-Core/Clock.swift:18:17}}
}

@Test(.implicits { @Implicit var clock = Clock.fixed })
func stampsWithTheFixedClock() {
  #expect(withScope { scope in stamp(scope) } == 1_700_000_000)
}
