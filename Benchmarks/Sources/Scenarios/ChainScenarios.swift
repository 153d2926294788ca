import Implicits

/// chain-10: a depth-10 call chain whose leaf uses three services.
let chainScenarios: [Scenario] = [
  Scenario("chain-10", "explicit parameters", place: .thread { n, probe in
    let (a, b, c) = (ServiceA(), ServiceB(), ServiceC())
    probe.start()
    for _ in 0..<n { explicit1(a, b, c) }
    probe.stop()
  }),
  Scenario("chain-10", "Implicits", place: .thread { n, probe in
    let scope = ImplicitScope()
    @Implicit var a = ServiceA()
    @Implicit var b = ServiceB()
    @Implicit var c = ServiceC()
    probe.start()
    for _ in 0..<n { implicit1(scope) }
    probe.stop()
    scope.end()
  }),
]

// The Implicits chain passes the scope (as the analyzer wants); the leaf reads three values.
@inline(never) func implicit1(_ scope: ImplicitScope) { implicit2(scope) }
@inline(never) func implicit2(_ scope: ImplicitScope) { implicit3(scope) }
@inline(never) func implicit3(_ scope: ImplicitScope) { implicit4(scope) }
@inline(never) func implicit4(_ scope: ImplicitScope) { implicit5(scope) }
@inline(never) func implicit5(_ scope: ImplicitScope) { implicit6(scope) }
@inline(never) func implicit6(_ scope: ImplicitScope) { implicit7(scope) }
@inline(never) func implicit7(_ scope: ImplicitScope) { implicit8(scope) }
@inline(never) func implicit8(_ scope: ImplicitScope) { implicit9(scope) }
@inline(never) func implicit9(_ scope: ImplicitScope) { implicit10(scope) }
@inline(never) func implicit10(_ scope: ImplicitScope) {
  @Implicit var a: ServiceA
  @Implicit var b: ServiceB
  @Implicit var c: ServiceC
  blackHole(a)
  blackHole(b)
  blackHole(c)
}

// The physical reference: the same chain passing the three services explicitly.
@inline(never) func explicit1(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit2(a, b, c) }
@inline(never) func explicit2(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit3(a, b, c) }
@inline(never) func explicit3(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit4(a, b, c) }
@inline(never) func explicit4(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit5(a, b, c) }
@inline(never) func explicit5(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit6(a, b, c) }
@inline(never) func explicit6(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit7(a, b, c) }
@inline(never) func explicit7(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit8(a, b, c) }
@inline(never) func explicit8(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit9(a, b, c) }
@inline(never) func explicit9(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) { explicit10(a, b, c) }
@inline(never) func explicit10(_ a: ServiceA, _ b: ServiceB, _ c: ServiceC) {
  blackHole(a)
  blackHole(b)
  blackHole(c)
}
