import Implicits

func countRequest(_ request: Request, _ scope: ImplicitScope) {
  @Implicit var metrics: Metrics
}

func profile(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}}
  return Response(status: 200)
}

// A closure that takes a scope is checked where it is made, as with the type written out.
func makeRouter(_ scope: ImplicitScope) -> Router {
  var router = Router()
  router.add("/health") { request, scope in Response(status: 200) }
  router.add("/profile") { request, scope in try await profile(request, scope) } // expected-note@:26 {{'Session' is required by the closure created here}} // expected-note@:56 {{'Session' is required by the call to 'profile(_:_:)' here}}
  router.use { request, scope, next in
    countRequest(request, scope)
    return Response(status: 204)
  }
  return router
}

func startServer() -> Router {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  @Implicit var session = Session()
  return makeRouter(scope)
}

// Broken: the profile route reads the session.
func startPublicServer() -> Router {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  return makeRouter(scope) // expected-note@:10 {{'Session' is required by the call to 'makeRouter(_:)' here}}
}
