// A server whose routes and middleware are closures held in tables (issue 18, item 8:
// 1, 2 and 4). A closure that takes a scope reads from the scope it is called with, so
// what the stored handlers need must be visible where `dispatch` calls them, whatever
// table it took them from; the code that fills the tables needs nothing.
import Implicits

struct Request { var path: String }
struct Response { var status: Int }
struct Metrics { init() {} }
struct Session { init() {} }
struct Database { init() {} }

typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response
typealias Middleware = (Request, ImplicitScope, Handler) async throws -> Response

func countRequest(_ request: Request, _ scope: ImplicitScope) {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}} // expected-note@:17 {{'Metrics' is read here}}
}

func profile(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}}
  return Response(status: 200)
}

struct RouteTable {
  let routes: [String: Handler] = [
    "/health": { request, scope in Response(status: 200) },
    "/profile": { request, scope in try await profile(request, scope) }, // expected-note@:17 {{'Session' is required by the closure created here}} // expected-note@:47 {{'Session' is required by the call to 'profile(_:_:)' here}}
  ]
  let middleware: [Middleware] = [
    { request, scope, next in // expected-note@:5 {{'Metrics' is required by the closure created here}}
      countRequest(request, scope) // expected-note@:7 {{'Metrics' is required by the call to 'countRequest(_:_:)' here}}
      return try await next(request, scope)
    },
  ]
  var fallback: Handler?

  // Made without any value in sight: the stored closures run later, where they are called.
  init() {}

  func dispatch(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    guard let handler = routes[request.path] else {
      return try await fallback?(request, scope) ?? Response(status: 404)
    }
    var response = try await handler(request, scope) // expected-note@:30 {{'Session' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
    for layer in middleware { response = try await layer(request, scope, handler) } // expected-note@:52 {{'Metrics' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}}
    return response
  }
}
