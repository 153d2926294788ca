// A server's handlers kept as constants and called by name from another file: `static let`s
// of an enum called by their qualified name (`Routes.health(request, scope)`), unqualified
// and through `Self.` inside the enum, and a global `let`. A constant holds one closure for
// the whole run, so a call by its name needs what that closure needs, and no other
// `Handler` closure's needs.
import Implicits

struct Request { var path: String; var user: String }
struct Response { var body: String }
final class Logger { func info(_ line: String) {} }
final class Database { func user(_ name: String) -> String { name } }
final class RateLimiter { func allow(_ user: String) -> Bool { true } }

typealias Handler = (Request, ImplicitScope) -> Response

enum Routes {
  static let health: Handler = { request, scope in
    @Implicit var logger: Logger
    logger.info(request.path)
    return Response(body: "ok")
  }

  static let profile: Handler = { request, scope in
    @Implicit var database: Database // expected-note@:19 {{'Database' is read here}}
    return Response(body: database.user(request.user))
  }

  /// Written out, with the scope first.
  static let limited: (ImplicitScope, Request) -> Bool = { scope, request in
    @Implicit var limiter: RateLimiter // expected-note@:19 {{'RateLimiter' is read here}}
    return limiter.allow(request.user)
  }

  private static let audit: Handler = { request, scope in
    @Implicit var logger: Logger
    logger.info("audit " + request.user)
    return Response(body: "")
  }

  /// Unqualified and through `Self.`: the enum's own constants.
  static func profileAudited(_ request: Request, _ scope: ImplicitScope) -> Response {
    _ = audit(request, scope)
    return Self.profile(request, scope) // expected-note@:12 {{'Database' is required by the call to 'profile(_:_:)' here}}
  }
}

/// A global constant: called by name from any file of the module.
let notFound: Handler = { request, scope in
  @Implicit var logger: Logger
  logger.info("no route for " + request.path)
  return Response(body: "not found")
}
