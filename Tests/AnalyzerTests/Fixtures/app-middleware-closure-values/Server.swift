import Implicits

func log(_ line: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.log(line)
}

let logging: Router.Middleware = { next in
  { request, scope in
    log("→ \(request.path)", scope)
    let response = try await next(request, scope)
    log("← \(response.status)", scope)
    return response
  }
}

let layers: [(@escaping Handler) -> Handler] = [
  { next in
    { request, scope in
      @Implicit var session: Session // expected-note@:21 {{'Session' is read here}}
      return session.user.isEmpty ? Response(status: 401) : try await next(request, scope)
    } // expected-note@-3:5 {{'Session' is required by the closure created here}}
  },
]

func makeRouter() -> Router {
  var router = Router()
  router.use(logging)
  router.use(layers[0])
  router.on("/") { _, _ in Response(status: 200) }
  return router
}

func serve(_ request: Request) async throws -> Response {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var session = Session(user: "ann")
  return try await makeRouter().handle(request, scope)
}

// Broken: the authenticating layer reads a session.
func serveAnonymous(_ request: Request) async throws -> Response {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  return try await makeRouter().handle(request, scope) // expected-note@:20 {{'Session' is required by the call to 'handle(_:_:)' here}}
}
