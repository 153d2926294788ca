import Foundation
import Implicits

/// Sends typed requests through the transport the app declared.
public struct APIClient: Sendable {
  public var baseURL: String

  public init(baseURL: String) {
    self.baseURL = baseURL
  }

  public func send<Response: Decodable>(_ endpoint: Endpoint<Response>, _ scope: ImplicitScope) async throws -> Response {
    @Implicit var transport: any HTTPTransport
    @Implicit(\.accountID) var account: String
    var request = endpoint.request
    request.query["account"] = account
    trace("\(request.method.rawValue) \(baseURL)\(request.path)", scope)
    let data = try await transport.send(request)
    return try JSONDecoder().decode(Response.self, from: data)
  }

  /// Every page of a folder, `pageSize` at a time.
  public func allPages(of folder: Folder, _ scope: ImplicitScope) async throws -> [Message] {
    @Implicit(\.pageSize) var size: Int
    var page: Int? = 0
    var collected: [Message] = []
    while let current = page {
      try Task.checkCancellation()
      let result = try await send(.folder(folder, page: current, size: size), scope)
      collected += result.items
      page = result.next
    }
    return collected
  }
}
