import Foundation
import Implicits

struct HTTPRequest { var method: String; var path: String }
struct HTTPResponse { var code: Int; var body: String }

typealias Responder = (HTTPRequest, ImplicitScope) async throws -> HTTPResponse
typealias Filter = (HTTPRequest, ImplicitScope, Responder) async throws -> HTTPResponse

final class RouteGroup {
  let prefix: String
  private(set) var responders: [String: Responder] = [:]
  private(set) var filters: [Filter] = []

  init(prefix: String) { self.prefix = prefix }

  func on(_ path: String, _ responder: @escaping Responder) {
    responders[prefix + path] = responder
  }

  func filter(_ filter: @escaping Filter) {
    filters.append(filter)
  }

  func respond(to request: HTTPRequest, _ scope: ImplicitScope) async throws -> HTTPResponse {
    guard let responder = responders[request.path] else { return HTTPResponse(code: 404, body: "") }
    var chain: Responder = responder
    for filter in filters.reversed() {
      let next = chain
      chain = { request, scope in try await filter(request, scope, next) }
    }
    return try await chain(request, scope) // expected-note@:22 {{'\.userID' is required by the 'Responder' closures this call may run}}
  }
}

func notesRoutes() -> RouteGroup {
  let group = RouteGroup(prefix: "/notes")
  group.on("/list") { request, scope in
    let notes = ListService(repository: NoteRepository()).load(scope)
    return HTTPResponse(code: 200, body: notes.joined(separator: ","))
  }
  group.on("/me") { request, scope in // expected-note@:19 {{'\.userID' is required by the closure created here}}
    @Implicit(\.userID) var userID: String // expected-note@:29 {{'\.userID' is read here}}
    return HTTPResponse(code: 200, body: userID)
  }
  group.filter { request, scope, next in
    @Implicit var logger: Logger
    logger.log("\(request.method) \(request.path)")
    return try await next(request, scope)
  }
  return group
}

func handleConnection(_ request: HTTPRequest) async throws -> HTTPResponse {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  @Implicit(\.userID) var userID = "u1"
  return try await notesRoutes().respond(to: request, scope)
}

// A health check server that forgets the user.
func handleHealth(_ request: HTTPRequest) async throws -> HTTPResponse {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userID' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  return try await notesRoutes().respond(to: request, scope) // expected-note@:20 {{'\.userID' is required by the call to 'respond(to:_:)' here}}
}
