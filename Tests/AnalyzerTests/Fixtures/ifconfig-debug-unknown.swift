struct Tracer {}

func trace(_ scope: ImplicitScope) {
#if DEBUG // expected-note@:1 {{reported where 'DEBUG' holds}}
  @Implicit var tracer: Tracer // expected-note@:17 {{'Tracer' is read here}}
#endif
}

func main() {
  // DEBUG is never passed by build tools, so both branches may compile.
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Tracer'}}
  defer { scope.end() }
  trace(scope) // expected-note@:3 {{'Tracer' is required by the call to 'trace(_:)'}}
}

func withDefine() {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit var tracer = Tracer()
#else
  @Implicit var tracer = Tracer()
#endif
  trace(scope)
}
