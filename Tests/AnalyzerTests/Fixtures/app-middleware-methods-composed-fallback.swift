// Handlers composed by hand that the analyzer does not follow through the property stay
// calls through values, which need what every closure of their type needs (more than
// needed, never less): a property others may set (internal `var`, set here through a
// subscript), a property set from a parameter, a composing function that returns a closure
// it got elsewhere, and one that hands a middleware a stored handler for `next`. In each
// server the closure that runs is one the property's own closures do not show, and it
// reads the logger, which no entry point declares: each is reported.
import Implicits

struct Request { var token: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }

typealias Handler = (Request, ImplicitScope) -> Response

struct LoggingMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) -> Response {
    print(request.token)
    return next(request, scope)
  }
}

func hello(_ request: Request, _ scope: ImplicitScope) -> Response { Response(body: "hello") }

func logged(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}} expected-note@:17 {{'Logger' is read here}} expected-note@:17 {{'Logger' is read here}} expected-note@:17 {{'Logger' is read here}}
  logger.info(request.token)
  return Response(body: "logged")
}

func compose(_ route: @escaping Handler) -> Handler {
  let logging = LoggingMiddleware()
  return { request, scope in logging.respond(to: request, scope, next: route) }
}

/// Returns a closure it got elsewhere on one path.
func composeOrPass(_ route: @escaping Handler, logged: Bool) -> Handler {
  if !logged { return route }
  let logging = LoggingMiddleware()
  return { request, scope in logging.respond(to: request, scope, next: route) }
}

final class Fallbacks {
  static var handler: Handler = { request, scope in logged(request, scope) }
}

/// Hands the middleware a stored handler, not one of its own.
func composeAroundFallback() -> Handler {
  let logging = LoggingMiddleware()
  return { request, scope in logging.respond(to: request, scope, next: Fallbacks.handler) }
}

/// Internal `var`: code elsewhere may set it.
final class OpenServer {
  var handler: Handler

  init() { handler = compose({ request, scope in hello(request, scope) }) }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response { handler(request, scope) }
}

/// Set from a parameter.
final class InjectedServer {
  private let handler: Handler

  init(handler: @escaping Handler) { self.handler = handler }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response { handler(request, scope) } // expected-note@:73 {{'Logger' is required by the call to 'handler(_:_:)' here}}
}

final class PassingServer {
  private let handler: Handler

  init() { handler = composeOrPass({ request, scope in logged(request, scope) }, logged: false) }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response { handler(request, scope) } // expected-note@:73 {{'Logger' is required by the call to 'handler(_:_:)' here}}
}

final class FallbackServer {
  private let handler: Handler

  init() { handler = composeAroundFallback() }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response { handler(request, scope) } // expected-note@:73 {{'Logger' is required by the call to 'handler(_:_:)' here}} expected-note@:73 {{'Logger' is required by the call to 'handler(_:_:)' here}}
}

func serveOpen() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  let servers = [OpenServer()]
  servers[0].handler = { (request: Request, scope: ImplicitScope) in logged(request, scope) }
  _ = servers[0].handle(Request(token: "t"), scope) // expected-note@:7 {{'Logger' is required by the call to 'handle(_:_:)' here}}
}

func serveInjected() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = InjectedServer(handler: { request, scope in logged(request, scope) }).handle(Request(token: "t"), scope) // expected-note@:31 {{'Logger' is required by the closure created here}} expected-note@:51 {{'Logger' is required by the call to 'logged(_:_:)' here}} expected-note@:7 {{'Logger' is required by the call to 'handle(_:_:)' here}} expected-note@:31 {{'Logger' is required by the closure created here}} expected-note@:51 {{'Logger' is required by the call to 'logged(_:_:)' here}} expected-note@:31 {{'Logger' is required by the closure created here}} expected-note@:51 {{'Logger' is required by the call to 'logged(_:_:)' here}} expected-note@:31 {{'Logger' is required by the closure created here}} expected-note@:51 {{'Logger' is required by the call to 'logged(_:_:)' here}}
}

func servePassing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = PassingServer().handle(Request(token: "t"), scope) // expected-note@:7 {{'Logger' is required by the call to 'handle(_:_:)' here}}
}

func serveFallback() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = FallbackServer().handle(Request(token: "t"), scope) // expected-note@:7 {{'Logger' is required by the call to 'handle(_:_:)' here}}
}
