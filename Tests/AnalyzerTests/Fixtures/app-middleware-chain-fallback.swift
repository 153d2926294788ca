// Middleware chains the analyzer does not unroll per call stay calls through values, which
// need what every closure of their type needs (more than needed, never less): a list held
// in a variable, a layer that is not a closure constant, and a chain returned and called
// elsewhere. Each entry point below lacks the logger the logging middleware reads, and
// each is reported.
import Implicits

struct Request { var token: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }

typealias Handler = (Request, ImplicitScope) -> Response
typealias Middleware = (Request, ImplicitScope, Handler) -> Response

enum Layers {
  static let logging: Middleware = { request, scope, next in // expected-note@:36 {{'Logger' is required by the closure created here}} expected-note@:36 {{'Logger' is required by the closure created here}} expected-note@:36 {{'Logger' is required by the closure created here}}
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}} expected-note@:19 {{'Logger' is read here}} expected-note@:19 {{'Logger' is read here}}
    logger.info(request.token)
    return next(request, scope)
  }
}

func ok(_ request: Request, _ scope: ImplicitScope) -> Response {
  Response(body: "ok")
}

/// The list is a variable: not unrolled.
func respondFromList(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in ok(request, scope) }
  let layers = [Layers.logging]
  let chain = layers.reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
}

/// A layer made here, not a closure constant: not unrolled.
func respondWithLocalLayer(to request: Request, _ scope: ImplicitScope) -> Response {
  let route: Handler = { request, scope in ok(request, scope) }
  let local: Middleware = { request, scope, next in Layers.logging(request, scope, next) }
  let chain = [local].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) }
  }
  return chain(request, scope) // expected-note@:10 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
}

/// Unrolled where it is called here, but returned: a caller runs it through a value.
func makeChain() -> Handler {
  let route: Handler = { request, scope in ok(request, scope) }
  let chain = [Layers.logging].reduce(route) { next, layer in
    { request, scope in layer(request, scope, next) } // expected-note@:5 {{'Logger' is required by the closure created here}} expected-note@:25 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}} expected-note@:5 {{'Logger' is required by the closure created here}} expected-note@:25 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}} expected-note@:5 {{'Logger' is required by the closure created here}} expected-note@:25 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope, _)' closure the module stores or passes on)}}
  }
  return chain
}

func serveFromList() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = respondFromList(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'Logger' is required by the call to 'respondFromList(to:_:)' here}}
}

func serveWithLocalLayer() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = respondWithLocalLayer(to: Request(token: "acme-1"), scope) // expected-note@:7 {{'Logger' is required by the call to 'respondWithLocalLayer(to:_:)' here}}
}

func serveMadeChain() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  let handler = makeChain()
  _ = handler(Request(token: "acme-1"), scope) // expected-note@:7 {{'Logger' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
}
