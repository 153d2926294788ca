// Written in the session-31 hunt, as a clinic's appointment server is written; every
// answer was checked by hand against the runtime, and all held: kept so they stay held. A
// generic `get<R>` that wraps each handler in a closure of the router's alias, typed throws
// (`throws(APIError)`, `catch .unauthorized`), a `defer` that audits, a function named as a
// handler, untyped and typed closure handlers, a protocol extension method through
// `some Notifier`, conditional conformances. Planted: 'serveWithoutStore' lacks 'Store',
// read by the handlers the router runs.
import Implicits

struct Request: Sendable { var path: String; var user: String? }
struct Response: Sendable { var status: Int; var body: String }
enum APIError: Error { case unauthorized, notFound(String), invalid }

struct Clock: Sendable { var now: Int { 0 } }
struct Store: Sendable { func find(_ id: String) -> String? { id } }
struct AuditLog: Sendable { func write(_ s: String) {} }
struct Tenant: Sendable { var id = "main" }
struct Mailer: Sendable { func send(_ s: String) {} }

protocol Encodable2 { func encoded() -> String }
extension String: Encodable2 { func encoded() -> String { self } }
extension Array: Encodable2 where Element: Encodable2 { func encoded() -> String { map { $0.encoded() }.joined() } }
extension Optional: Encodable2 where Wrapped: Encodable2 { func encoded() -> String { self?.encoded() ?? "null" } }

typealias Handler = @Sendable (Request, ImplicitScope) async throws(APIError) -> Response

final class Router: @unchecked Sendable {
  private var routes: [String: Handler] = [:]
  func get<R: Encodable2>(_ path: String, _ handler: @escaping @Sendable (Request, ImplicitScope) async throws(APIError) -> R) {
    routes[path] = { request, scope throws(APIError) in
      Response(status: 200, body: try await handler(request, scope).encoded())
    }
  }
  func handle(_ request: Request, _ scope: ImplicitScope) async -> Response {
    guard let route = routes[request.path] else { return Response(status: 404, body: "") }
    do {
      return try await route(request, scope) // expected-note@:24 {{'Store' is required by the closures this call may run (every '(_, ImplicitScope)' closure the module stores or passes on)}}
    } catch .unauthorized {
      return Response(status: 401, body: "")
    } catch {
      audit("failed \(request.path)", scope)
      return Response(status: 400, body: "\(error)")
    }
  }
}

func audit(_ message: String, _ scope: ImplicitScope) {
  @Implicit var log: AuditLog
  @Implicit var clock: Clock
  log.write("\(clock.now) \(message)")
}

protocol Notifier {
  var channel: String { get }
}
extension Notifier {
  func remind(_ patient: String, _ scope: ImplicitScope) {
    @Implicit var tenant: Tenant
    deliver("\(tenant.id) \(channel): reminder for \(patient)", scope)
  }
}
struct EmailNotifier: Notifier { var channel: String { "email" } }

func deliver(_ text: String, _ scope: ImplicitScope) {
  @Implicit var mailer: Mailer
  mailer.send(text)
}

func requireUser(_ request: Request) throws(APIError) -> String {
  guard let user = request.user else { throw .unauthorized }
  return user
}

func appointment(_ request: Request, _ scope: ImplicitScope) async throws(APIError) -> String {
  let user = try requireUser(request)
  @Implicit var store: Store // expected-note@:17 {{'Store' is read here}}
  guard let found = store.find(user) else { throw .notFound(user) }
  defer { audit("read \(found)", scope) }
  return found
}

func appointments(_ request: Request, _ scope: ImplicitScope) async throws(APIError) -> [String] {
  [try await appointment(request, scope)]
}

func remindAll(_ notifier: some Notifier, _ patients: [String], _ scope: ImplicitScope) {
  for patient in patients where !patient.isEmpty {
    notifier.remind(patient, scope)
  }
}

func routes() -> Router {
  let router = Router()
  router.get("/appointment", appointment)
  router.get("/appointments") { request, scope throws(APIError) in try await appointments(request, scope) }
  router.get("/maybe") { (request: Request, scope: ImplicitScope) async throws(APIError) -> String? in // expected-note@:24 {{'Store' is required by the closure created here}}
    request.user == nil ? nil : try await appointment(request, scope) // expected-note@:43 {{'Store' is required by the call to 'appointment(_:_:)' here}}
  }
  return router
}

func serve(_ requests: [Request]) async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  @Implicit var log = AuditLog()
  @Implicit var store = Store()
  @Implicit var tenant = Tenant()
  @Implicit var mailer = Mailer()
  let router = routes()
  for request in requests {
    _ = await router.handle(request, scope)
  }
  remindAll(EmailNotifier(), ["ann"], scope)
}

func serveWithoutStore(_ requests: [Request]) async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Store' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  @Implicit var log = AuditLog()
  let router = routes()
  for request in requests {
    _ = await router.handle(request, scope) // expected-note@:15 {{'Store' is required by the call to 'handle(_:_:)' here}}
  }
}
