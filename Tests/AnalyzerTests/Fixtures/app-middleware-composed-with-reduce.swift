// A blind round (session 13) found it: a router composes its middleware around the route
// with `reduce`, and each step is `{ request, scope in layer(request, scope, next) }`, its
// parameters untyped. The step returns what `reduce`'s initial value is (a `Handler`), so
// its `scope` is the scope, and what the middleware reads is required where the chain runs.
import Implicits

struct Request { var path: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }
final class Metrics { func count(_ name: String) {} }

typealias Handler = (Request, ImplicitScope) -> Response
typealias Middleware = (Request, ImplicitScope, Handler) -> Response
typealias AsyncHandler = (Request, ImplicitScope) async throws -> Response
typealias AsyncMiddleware = (Request, ImplicitScope, AsyncHandler) async throws -> Response

enum Layers {
  static let logging: Middleware = { request, scope, next in // expected-note@:36 {{'Logger' is required by the closure created here}} // expected-note@:36 {{'Logger' is required by the closure created here}}
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}} // expected-note@:19 {{'Logger' is read here}}
    logger.info(request.path)
    return next(request, scope)
  }

  static let metrics: AsyncMiddleware = { request, scope, next in // expected-note@:41 {{'Metrics' is required by the closure created here}}
    @Implicit var metrics: Metrics // expected-note@:19 {{'Metrics' is read here}}
    metrics.count(request.path)
    return try await next(request, scope)
  }
}

final class Router {
  var layers: [Middleware] = [Layers.logging]
  var asyncLayers: [AsyncMiddleware] = [Layers.metrics]

  /// A local route, the steps as a trailing closure.
  func respond(to request: Request, _ scope: ImplicitScope) -> Response {
    let route: Handler = { request, _ in Response(body: request.path) }
    let chain = layers.reversed().reduce(route) { next, layer in
      { request, scope in layer(request, scope, next) }
    }
    return chain(request, scope) // expected-note@:12 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }

  /// The route as a parameter, the steps as an argument.
  func respond(to request: Request, route: @escaping Handler, _ scope: ImplicitScope) -> Response {
    let chain = layers.reduce(route, { next, layer in { request, scope in layer(request, scope, next) } })
    return chain(request, scope) // expected-note@:12 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }

  /// `async throws`, as a server writes it.
  func respondAsync(to request: Request, _ scope: ImplicitScope) async throws -> Response {
    let route: AsyncHandler = { request, _ in Response(body: request.path) }
    let chain = asyncLayers.reversed().reduce(route) { next, layer in
      { request, scope in try await layer(request, scope, next) } // expected-note@:7 {{'Logger' is required by the closure created here}} // expected-note@:37 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}} // expected-note@:7 {{'Logger' is required by the closure created here}} // expected-note@:37 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}} // expected-note@:7 {{'Metrics' is required by the closure created here}} // expected-note@:37 {{'Metrics' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}}
    }
    return try await chain(request, scope) // expected-note@:22 {{'Metrics' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }
}

func serve() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var metrics = Metrics()
  let router = Router()
  _ = router.respond(to: Request(path: "/"), scope)
  _ = router.respond(to: Request(path: "/"), route: { request, _ in Response(body: "") }, scope)
  _ = try await router.respondAsync(to: Request(path: "/"), scope)
}

func serveWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()  // the chains' steps are told apart by shape only
  _ = Router().respond(to: Request(path: "/"), scope) // expected-note@:7 {{'Logger' is required by the call to 'respond(to:_:)' here}}
}

func serveRouteWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  _ = Router().respond(to: Request(path: "/"), route: { request, _ in Response(body: "") }, scope) // expected-note@:7 {{'Logger' is required by the call to 'respond(to:route:_:)' here}}
}

func serveAsyncWithoutMetrics() async throws {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = try await Router().respondAsync(to: Request(path: "/"), scope) // expected-note@:17 {{'Metrics' is required by the call to 'respondAsync(to:_:)' here}}
}
