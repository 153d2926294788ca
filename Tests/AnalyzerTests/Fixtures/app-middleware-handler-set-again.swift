// A server's handler, set in `init` to what a function composing middleware by hand returns
// (`app-middleware-methods-composed-by-hand`), and set again later to a closure of its own:
// a call through the property runs either. The maintenance closure reads the locale, which
// no caller declares: reported at the entry point. The user the route reads is declared
// by the authentication middleware in front of it: no error for it.
import Implicits

struct Request { var path: String; var token: String }
struct Response { var body: String }

extension ImplicitsKeys {
  static let userName = Key<String>()
  static let locale = Key<String>()
}

typealias Handler = (Request, ImplicitScope) -> Response

struct AuthMiddleware {
  func respond(to request: Request, _ scope: ImplicitScope, next: Handler) -> Response {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.userName) var userName = String(request.token.dropFirst(4))
    return next(request, scope)
  }
}

func compose(_ route: @escaping Handler) -> Handler {
  let auth = AuthMiddleware()
  return { request, scope in auth.respond(to: request, scope, next: route) }
}

func whoami(_ request: Request, _ scope: ImplicitScope) -> Response {
  @Implicit(\.userName) var user: String
  return Response(body: user)
}

final class SwitchingServer {
  private var handler: Handler

  init() {
    handler = compose({ request, scope in whoami(request, scope) })
  }

  /// Wrong: reads the locale, which nobody declares.
  func enterMaintenance() {
    handler = { request, scope in // expected-note@:15 {{'\.locale' is required by the closure created here}}
      @Implicit(\.locale) var locale: String // expected-note@:31 {{'\.locale' is read here}}
      return Response(body: "maintenance (\(locale))")
    }
  }

  func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    handler(request, scope) // expected-note@:5 {{'\.locale' is required by the call to 'handler(_:_:)' here}}
  }
}

func serve() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.locale' at this entry point}}
  defer { scope.end() }
  let server = SwitchingServer()
  server.enterMaintenance()
  _ = server.handle(Request(path: "/whoami", token: "tok-ada"), scope) // expected-note@:7 {{'\.locale' is required by the call to 'handle(_:_:)' here}}
}
