import Foundation
import Implicits

struct Request: Sendable { let path: String; let userID: Int }
struct Response: Sendable { let status: Int; let body: String }

func handleNotes(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
  @Implicit var store: any NotesStore // expected-note@:17 {{'any NotesStore' is read here}}
  @Implicit var user: User
  return Response(status: 200, body: "\(store.all().count) notes for \(user.name)")
}

func handleHealth(_ request: Request, _ scope: ImplicitScope) async -> Response {
  @Implicit var clock: Clock
  return Response(status: 200, body: "ok \(clock.now)")
}

func lookupUser(id: Int) -> User { User(id: id, name: "user\(id)") }

struct Router {
  var routes: [String: (Request) async throws -> Response] = [:]

  mutating func install(_ scope: ImplicitScope) {
    routes["/notes"] = withNotesRouteImplicits { (request: Request, scope) in // expected-note@:24 {{'any NotesStore' is captured by the closure wrapper 'withNotesRouteImplicits' here}}
      let nested = scope.nested()
      defer { nested.end() }
      @Implicit var user = lookupUser(id: request.userID)
      return try await handleNotes(request, nested) // expected-note@:24 {{'any NotesStore' is required by the call to 'handleNotes(_:_:)' here}}
    }
    routes["/health"] = withHealthRouteImplicits { (request: Request, scope) in
      await handleHealth(request, scope)
    }
  }
}

func serve(store: any NotesStore) async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = store
  @Implicit var clock = Clock.system()
  var router = Router()
  router.install(scope)
  _ = try await router.routes["/notes"]?(Request(path: "/notes", userID: 1))
}

func serveMissingStore() async throws {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any NotesStore' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock.system()
  var router = Router()
  router.install(scope) // expected-note@:3 {{'any NotesStore' is required by the call to 'install(_:)'}}
}

func serveFromEnvironment() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Environment.makeStore()
  @Implicit var clock = Clock.system()
  @Implicit var client = Environment.makeSyncClient()
  var router = Router()
  router.install(scope)
  try await syncNotes(scope)
}
