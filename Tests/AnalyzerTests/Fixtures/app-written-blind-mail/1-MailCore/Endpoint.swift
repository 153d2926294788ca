import Foundation

public enum HTTPMethod: String, Sendable {
  case get = "GET", post = "POST", delete = "DELETE"
}

public struct HTTPRequest: Sendable, Hashable {
  public var method: HTTPMethod
  public var path: String
  public var query: [String: String]
  public var body: Data?

  public init(method: HTTPMethod, path: String, query: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
  }
}

/// A typed request: the response type travels with the path.
public struct Endpoint<Response: Decodable>: Sendable {
  public var request: HTTPRequest

  public init(_ method: HTTPMethod, _ path: String, query: [String: String] = [:], body: Data? = nil) {
    request = HTTPRequest(method: method, path: path, query: query, body: body)
  }
}

extension Endpoint where Response == Page<Message> {
  public static func folder(_ folder: Folder, page: Int, size: Int) -> Endpoint {
    Endpoint(.get, "/mail/\(folder.rawValue)", query: ["page": "\(page)", "size": "\(size)"])
  }
}

extension Endpoint where Response == [Note] {
  public static var notes: Endpoint { Endpoint(.get, "/notes") }
}

extension Endpoint where Response == Note {
  public static func save(_ note: Note) throws -> Endpoint {
    Endpoint(.post, "/notes/\(note.id)", body: try JSONEncoder().encode(note))
  }
}

extension Endpoint where Response == Empty {
  public static func send(_ message: Message) throws -> Endpoint {
    Endpoint(.post, "/mail/send", body: try JSONEncoder().encode(message))
  }
  public static func markRead(_ id: String) -> Endpoint {
    Endpoint(.post, "/mail/\(id)/read")
  }
}

public enum APIError: Error, Equatable, Sendable {
  case unavailable(path: String)
  case notFound(path: String)
  case badStatus(Int)
}
