import Implicits

func respond(to request: Request, _ scope: ImplicitScope) -> Response {
  switch request.path {
  case "/health": return Routes.health(request, scope)
  case "/me": return Routes.profileAudited(request, scope) // expected-note@:22 {{'Database' is required by the call to 'profileAudited(_:_:)' here}}
  default: return notFound(request, scope)
  }
}

/// Health checks need only the logger: `Routes.profile`'s database is not theirs.
func checkHealth() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = Routes.health(Request(path: "/health", user: ""), scope)
  _ = notFound(Request(path: "/nowhere", user: ""), scope)
}

func serve(_ request: Request) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var database = Database()
  @Implicit var limiter = RateLimiter()
  guard Routes.limited(scope, request) else { return }
  _ = respond(to: request, scope)
}

// Broken: the profile route reads the database, which this entry point never declares.
func serveWithoutDatabase(_ request: Request) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = respond(to: request, scope) // expected-note@:7 {{'Database' is required by the call to 'respond(to:_:)' here}}
}

// Broken: the rate limiter is read by the constant called by its qualified name.
func admit(_ request: Request) -> Bool {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'RateLimiter' at this entry point}}
  defer { scope.end() }
  return Routes.limited(scope, request) // expected-note@:10 {{'RateLimiter' is required by the call to 'limited(_:_:)' here}}
}
