import Core
import Implicits

public struct Request: Sendable {
  public enum Method: String, Sendable {
    case get = "GET"
    case post = "POST"
    case delete = "DELETE"
  }

  public var method: Method
  public var path: String
  public var query: [String: String]
  public var body: String

  public init(_ method: Method, _ path: String, query: [String: String] = [:], body: String = "") {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
  }

  var routeKey: String { "\(method.rawValue) \(path)" }
}

public struct Response: Sendable, Equatable {
  public var status: Int
  public var body: String
  public var headers: [String: String]

  public init(status: Int = 200, body: String = "", headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }

  static func notFound(_ path: String) -> Response { Response(status: 404, body: "no route for \(path)") }
  static func badRequest(_ why: String) -> Response { Response(status: 400, body: why) }
}

/// What every route and middleware is: it answers a request with the scope of that request.
public typealias Handler = @Sendable (Request, ImplicitScope) async throws -> Response
