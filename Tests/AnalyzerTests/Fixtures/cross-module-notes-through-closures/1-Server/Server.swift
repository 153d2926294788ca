import Implicits

public struct Request: Sendable {
  public let path: String
  public init(_ path: String) { self.path = path }
}

public struct Response: Sendable {
  public let body: String
  public init(_ body: String) { self.body = body }
}

public struct Tenant: Sendable {
  public let name: String
  public init(name: String) { self.name = name }
}

public final class AuditLog: @unchecked Sendable {
  public private(set) var lines: [String] = []
  public init() {}
  public func record(_ line: String) { lines.append(line) }
}

public typealias Handler = (Request, ImplicitScope) -> Response

/// Routes by path: each route a closure stored into the table, run later by `handle`.
final class Router {
  private var routes: [String: Handler] = [:]

  func add(_ path: String, _ handler: @escaping Handler) {
    routes[path] = handler
  }

  func route(_ request: Request, _ scope: ImplicitScope) -> Response {
    guard let handler = routes[request.path] else { return Response("not found: \(request.path)") }
    return handler(request, scope)
  }
}

/// The app's server: the routes are made once, and each request is served in the caller's scope.
public final class Server {
  private let router = Router()

  public init() {
    router.add("/health") { _, _ in Response("ok") }
    router.add("/tenant") { _, scope in
      @Implicit var tenant: Tenant
      return Response(tenant.name)
    }
    router.add("/audit") { request, scope in
      audit(request, scope)
      return Response("recorded")
    }
  }

  public func serve(_ paths: [String], _ scope: ImplicitScope) -> [String] {
    paths.map { handle(Request($0), scope).body }
  }

  private func handle(_ request: Request, _ scope: ImplicitScope) -> Response {
    router.route(request, scope)
  }
}

func audit(_ request: Request, _ scope: ImplicitScope) {
  @Implicit var log: AuditLog
  log.record(request.path)
}
