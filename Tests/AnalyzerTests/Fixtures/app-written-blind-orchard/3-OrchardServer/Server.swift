// The orchard's HTTP-ish server: a request is parsed into a route, middleware wraps the
// handler, and each request runs in a scope of its own with its id.
import Implicits
import OrchardCore
import OrchardPipeline

public struct Request: Sendable {
  public let path: String
  public let body: String
  public init(_ path: String, body: String = "") {
    self.path = path
    self.body = body
  }
}

public struct Response: Sendable, Equatable {
  public let status: Int
  public let text: String
  public init(_ status: Int, _ text: String) {
    self.status = status
    self.text = text
  }
}

enum Route {
  case survey(BedID)
  case water(BedID, litres: Double)
  case plugins
  case health
  case unknown(String)

  init(_ request: Request) {
    let parts = request.path.split(separator: "/").map(String.init)
    switch parts.first {
    case "survey" where parts.count == 2:
      self = Int(parts[1]).map { .survey(BedID($0)) } ?? .unknown(request.path)
    case "water" where parts.count == 2:
      if let bed = Int(parts[1]), let litres = Double(request.body) {
        self = .water(BedID(bed), litres: litres)
      } else {
        self = .unknown(request.path)
      }
    case "plugins": self = .plugins
    case "health": self = .health
    default: self = .unknown(request.path)
    }
  }
}

public typealias Handler = @Sendable (Request, ImplicitScope) async -> Response
public typealias Middleware = @Sendable (Request, ImplicitScope, Handler) async -> Response

public final class OrchardServer: @unchecked Sendable {
  private let registry: PluginRegistry
  private var middleware: [Middleware] = []
  private var nextID = 0
  private let lock = NSLockLite()

  public init(registry: PluginRegistry) { self.registry = registry }

  public func use(_ layer: @escaping Middleware) { middleware.append(layer) }

  /// Serves one request with the services of the caller's scope plus its own id.
  public func serve(_ request: Request, _ scope: ImplicitScope) async -> Response {
    let id = lock.locked { () -> Int in
      nextID += 1
      return nextID
    }
    return await withScope(nesting: scope) { scope in
      @Implicit(\.requestID) var requestID = id
      let route: Handler = { request, scope in await self.route(request, scope) }
      let chain = middleware.reversed().reduce(route) { next, layer in
        { request, scope in await layer(request, scope, next) }
      }
      return await chain(request, scope)
    }
  }

  func route(_ request: Request, _ scope: ImplicitScope) async -> Response {
    switch Route(request) {
    case .survey(let bed):
      let result = await survey(bed, scope)
      return Response(200, "\(bed) moisture \(result.moisture) faults \(result.faults)")
    case .water(let bed, let litres):
      do {
        let given = try irrigate(bed, Ration(litres: litres), scope)
        return Response(200, "gave \(given)")
      } catch {
        return Response(500, "\(error)")
      }
    case .plugins:
      let statuses = registry.makeAll(scope).map { "\($0.name): \($0.status())" }
      return Response(200, statuses.joined(separator: "; "))
    case .health:
      return Response(200, "ok")
    case .unknown(let path):
      return Response(404, "no route \(path)")
    }
  }
}

public enum Layers {
  /// Journals every request with its id and status.
  public static let accessLog: Middleware = { request, scope, next in
    let response = await next(request, scope)
    logAccess(request, response, scope)
    return response
  }
}

func logAccess(_ request: Request, _ response: Response, _ scope: ImplicitScope) {
  @Implicit(\.requestID) var requestID: Int
  @Implicit var journal: Journal
  journal.write("#\(requestID) \(request.path) -> \(response.status)")
}

/// Refuses writes outside the configured region.
public func regionGuard(_ allowed: String) -> Middleware {
  { request, scope, next in
    if request.path.hasPrefix("water") && currentRegion(scope) != allowed {
      return Response(403, "writes only in \(allowed)")
    }
    return await next(request, scope)
  }
}

func currentRegion(_ scope: ImplicitScope) -> String {
  @Implicit(\.region) var region: String
  return region
}
