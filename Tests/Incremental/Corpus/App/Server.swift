import Implicits

// A server handler: a root scope per request, middleware that passes it on.

struct Request {
  var path: String
  var userID: Int?
}

struct Response {
  var status: Int
  var body: String
}

typealias Handler = (Request, ImplicitScope) async -> Response

final class Router {
  private var routes: [String: Handler] = [:]
  let analytics: Analytics

  init(analytics: Analytics) {
    self.analytics = analytics
    routes["/feed"] = { (request: Request, scope: ImplicitScope) in
      await feedHandler(request, scope)
    }
  }

  func handle(_ request: Request) async -> Response {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var analytics = analytics
    @Implicit(\.userID) var userID = request.userID ?? 0
    @Implicit var api: any APIClient = HTTPClient(baseURL: URL(fileURLWithPath: "/"))
    @Implicit var cache = ImageCache()
    guard let route = routes[request.path] else { return Response(status: 404, body: "") }
    return await route(request, scope)
  }
}

func feedHandler(_ request: Request, _ scope: ImplicitScope) async -> Response {
  let model = FeedViewModel(scope)
  await model.load(scope)
  return Response(status: 200, body: model.items.map(\.title).joined(separator: ","))
}

import Foundation
