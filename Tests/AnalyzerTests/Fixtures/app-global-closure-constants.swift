// analyzer-known-issue: closures kept in global constants (a server's shared handlers and middleware) are not followed: a call by the constant's name is unresolved-call, and a closure whose scope parameter is only read from is reported as outside any scope
// A blind round (session 13) found it: handlers and middleware written as global constants
// of a scope-taking closure type, called by name. The same closures as `static let`s of an
// enum are followed.
import Implicits

struct Request { var path: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }
final class Metrics { func count(_ name: String) {} }

typealias Handler = (Request, ImplicitScope) -> Response
typealias Tap = (Request, ImplicitScope, Int) -> Void

let health: Handler = { request, scope in
  @Implicit var logger: Logger
  logger.info(request.path)
  return Response(body: "ok")
}

let echo: (Request, ImplicitScope) -> Response = { request, scope in
  @Implicit var logger: Logger
  return Response(body: request.path)
}

let countRequest: Tap = { request, scope, attempt in
  @Implicit var metrics: Metrics
  metrics.count(request.path)
}

func serve(_ request: Request, _ scope: ImplicitScope) -> Response {
  countRequest(request, scope, 1)
  return request.path == "/health" ? health(request, scope) : echo(request, scope)
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var metrics = Metrics()
  _ = serve(Request(path: "/health"), scope)
}

func startWithoutMetrics() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = serve(Request(path: "/health"), scope)
}
