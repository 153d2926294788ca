import Foundation
import HarborCore
import Implicits

/// The user routes. Its handlers are methods, registered as closures.
public struct UserController: Sendable {
  let repository = UserRepository()

  public init() {}

  public func register(on router: Router) {
    router.get("/users") { request, scope in try await self.list(request, scope) }
    router.get("/users/first") { (request: Request, scope: ImplicitScope) in
      try await self.first(request, scope)
    }
    router.post("/users/search", search)
  }

  /// The caller's tenant's users, a page of them.
  func list(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit(\.tenant) var tenant: String
    let users = try await repository.all(scope)
    func line(_ user: User) -> String {       // a local function over the request's values
      audit("listed \(user.id)", scope)
      return user.description
    }
    let visible = users.filter { $0.tenant == tenant }.map(line)
    return Response(visible.joined(separator: ","))
  }

  func first(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    @Implicit(\.tenant) var tenant: String
    guard let user = try await repository.first(where: { $0.tenant == tenant }, scope) else {
      throw HTTPError.notFound(path: request.path)
    }
    return Response(user.name)
  }

  @Sendable func search(_ request: Request, _ scope: ImplicitScope) async throws -> Response {
    let prefix = try Query.parse(request.headers["q"])
    let found = try await names(in: repository, matching: { $0.name.hasPrefix(prefix) }, scope)
    return Response(found.joined(separator: ","))
  }
}

enum Query {
  static func parse(_ raw: String?) throws(HTTPError) -> String {
    guard let raw, !raw.isEmpty else { throw .badRequest(reason: "missing q") }
    return raw.lowercased()
  }
}

/// Health and status routes, registered as closures written in place.
public enum StatusRoutes {
  public static func register(on router: Router) {
    router.get("/health") { _, _ in Response("ok") }
    router.get("/status") { request, scope in
      @Implicit var config: ServerConfig
      @Implicit var metrics: Metrics
      let pool = currentPool(scope)
      let checkouts = await pool.checkouts
      return Response("\(config.deployment.label) requests=\(metrics["requests"]) checkouts=\(checkouts)")
    }
  }

  static func currentPool(_ scope: ImplicitScope) -> ConnectionPool {
    @Implicit var pool: ConnectionPool
    return pool
  }
}

/// Per-tenant settings, read with the caller's tenant.
public struct TenantSettings: Sendable {
  private let values: [String: [String: String]]
  public init(_ values: [String: [String: String]]) { self.values = values }

  public subscript(_ key: String, scope: ImplicitScope) -> String {
    @Implicit(\.tenant) var tenant: String
    return values[tenant]?[key] ?? "default"
  }
}

public enum SettingsRoutes {
  public static func register(on router: Router, settings: TenantSettings) {
    router.get("/settings/theme") { request, scope in
      Response(settings["theme", scope])
    }
  }
}
