// A blind round (session 13) found it: handlers and middleware written as global constants
// of a scope-taking closure type, called by name, were `unresolved-call`, and a closure
// whose scope parameter is only read from was reported as outside any scope. A call by a
// constant's name runs that closure: it needs what the closure needs.
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
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
  metrics.count(request.path)
}

func serve(_ request: Request, _ scope: ImplicitScope) -> Response {
  countRequest(request, scope, 1) // expected-note@:3 {{'Metrics' is required by the call to 'countRequest(_:_:_:)' here}}
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
  _ = serve(Request(path: "/health"), scope) // expected-note@:7 {{'Metrics' is required by the call to 'serve(_:_:)' here}}
}
