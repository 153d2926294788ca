// A closure in a `[String: Handler]` literal handed to a parameter of that type is a
// Handler, kept by the callee: it reads the scope it is called with, and what it needs is
// required through `handler(request, scope)` (the sixth blind round's routing table).
import Implicits

struct Request { let path: String }
struct Response { let body: String }
struct ServerName { let text: String }
struct RequestID { let value: Int }

typealias Handler = (Request, ImplicitScope) -> Response

func whoAmI(_ scope: ImplicitScope) -> String {
  @Implicit var id: RequestID  // expected-note@:17 {{'RequestID' is read here}}
  return "request \(id.value)"
}

final class Router {
  private var routes: [String: Handler] = [:]

  func add(table: [String: Handler]) {
    for (path, handler) in table { routes[path] = handler }
  }

  func route(_ request: Request, _ scope: ImplicitScope) -> Response {
    guard let handler = routes[request.path] else { return Response(body: "404") }
    return handler(request, scope)  // expected-note@:12 {{'RequestID' is required by the closures this call may run}}
  }
}

// The table's closures read from the scope each request is served with.
func makeRouter(_ scope: ImplicitScope) -> Router {
  let router = Router()
  router.add(table: [
    "/health": { _, scope in
      @Implicit var name: ServerName
      return Response(body: name.text)
    },
    "/whoami": { request, scope in Response(body: whoAmI(scope)) },  // expected-note@:16 {{'RequestID' is required by the closure created here}} expected-note@:51 {{'RequestID' is required by the call to 'whoAmI(_:)' here}}
  ])
  return router
}

func serve(_ requests: [Request]) -> [Response] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var name = ServerName(text: "shelf")
  let router = makeRouter(scope)
  return requests.enumerated().map { index, request in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var id = RequestID(value: index)
    return router.route(request, scope)
  }
}

// Served without a request id: the '/whoami' closure's read is unmet.
func serveBare(_ request: Request) -> Response {
  let scope = ImplicitScope()  // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'RequestID' at this entry point}}
  defer { scope.end() }
  @Implicit var name = ServerName(text: "shelf")
  return makeRouter(scope).route(request, scope)  // expected-note@:10 {{'RequestID' is required by the call to 'route(_:_:)' here}}
}

// A literal of closures that take no scope is kept as well: one using the caller's scope
// needs a bag.
final class Hooks {
  private var hooks: [() -> Void] = []

  func add(_ hooks: [() -> Void]) { self.hooks += hooks }
}

func installHooks(_ hooks: Hooks, _ scope: ImplicitScope) {
  hooks.add([{ _ = whoAmI(scope) }])  // expected-error@:20 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'RequestID' of the enclosing scope}}
}
