// A server's router keeps its handlers and calls the one of a path with its own scope.
// Handlers named as values (`router.post("/users/search", search)`) join the closures a
// call through the router's table may run, as closure literals passed there do (session 28:
// a silent miss; a first cut that rejected every such name rejected this correct code).
import Implicits

struct Database { init() {} }
struct Mailer { init() {} }
struct Request {}
struct Response { init() {} }

final class Router {
  typealias Handler = (Request, ImplicitScope) -> Response
  private var routes: [String: Handler] = [:]

  func post(_ path: String, _ handler: @escaping Handler) {
    routes[path] = handler
  }

  func handle(_ path: String, _ request: Request, _ scope: ImplicitScope) -> Response? {
    routes[path]?(request, scope) // expected-note@:5 {{'Mailer' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
  }
}

func search(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit var database: Database
  return Response()
}

func create(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit var database: Database
  @Implicit var mailer: Mailer // expected-note@:17 {{'Mailer' is read here}}
  return Response()
}

func routes(_ router: Router) {
  router.post("/users/search", search)
  router.post("/users", create) // expected-note@:25 {{'Mailer' is required by the closure created here}}
}

func serve(_ router: Router, _ request: Request) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Mailer' at this entry point}}
  defer { scope.end() }
  @Implicit var database = Database()
  _ = router.handle("/users", request, scope) // expected-note@:7 {{'Mailer' is required by the call to 'handle(_:_:_:)' here}}
}
