// An untyped closure given to the memberwise initializer of a struct whose stored property takes a scope ('Next { request, scope in … }', also 'Next(run: { request, scope in … })', with 'let run: (Request, ImplicitScope) async -> Response') is that property's closure: no '#untyped-scope-closure-parameter', and what it needs is charged where the struct runs it (session 31: H4 found it as a known issue, H3's memberwise-init fix closed it)
// Written in the session-31 hunt, as server middleware with a `Next` value is written: each
// middleware gets the rest of the chain as a struct whose `callAsFunction` runs the stored
// closure. The expectations say what is right: 'serve' is silent, and 'serveWithoutAuth'
// (planted) lacks 'Auth', read by the authentication middleware that the untyped closure
// given to `Next` calls.
import Implicits
struct Request: Sendable { var path = "/" }
struct Response: Sendable { var status = 200 }
struct Auth: Sendable { func check(_ r: Request) -> Bool { true } }
struct Metrics: Sendable { func count(_ s: String) {} }
struct UserStore: Sendable { func user() -> String { "u" } }

struct Next {
  let run: (Request, ImplicitScope) async -> Response
  func callAsFunction(_ request: Request, _ scope: ImplicitScope) async -> Response { await run(request, scope) }
}

struct AuthMiddleware {
  func respond(_ request: Request, _ scope: ImplicitScope, _ next: Next) async -> Response {
    @Implicit var auth: Auth // expected-note@:19 {{'Auth' is read here}}
    guard auth.check(request) else { return Response(status: 401) }
    return await next(request, scope)
  }
}
struct MetricsMiddleware {
  func respond(_ request: Request, _ scope: ImplicitScope, _ next: Next) async -> Response {
    @Implicit var metrics: Metrics
    defer { metrics.count(request.path) }
    return await next(request, scope) // expected-note@:18 {{'Auth' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }
}
func profile(_ request: Request, _ scope: ImplicitScope) async -> Response {
  @Implicit var users: UserStore
  _ = users.user()
  return Response()
}
func app(_ request: Request, _ scope: ImplicitScope) async -> Response {
  let auth = AuthMiddleware()
  let metrics = MetricsMiddleware()
  return await metrics.respond(request, scope, Next { request, scope in // expected-note@:16 {{'Auth' is required by the call to 'respond(_:_:_:)' here}} expected-note@:53 {{'Auth' is required by the closure created here}}
    await auth.respond(request, scope, Next(run: profile)) // expected-note@:11 {{'Auth' is required by the call to 'respond(_:_:_:)' here}}
  })
}
func serve() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var auth = Auth()
  @Implicit var metrics = Metrics()
  @Implicit var users = UserStore()
  _ = await app(Request(), scope)
}

func serveWithoutAuth() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Auth' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  @Implicit var users = UserStore()
  _ = await app(Request(), scope) // expected-note@:13 {{'Auth' is required by the call to 'app(_:_:)' here}}
}
