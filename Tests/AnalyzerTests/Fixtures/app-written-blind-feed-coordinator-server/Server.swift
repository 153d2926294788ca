import Foundation
import Implicits

struct Request {
  var path: String
  var userID: String
}

struct Response {
  var status: Int
  var body: String
}

final class Database {
  init() {}
  static func open() -> Database { Database() }
  func query(_ sql: String) async -> [String] { [] }
}

struct RequestContext {
  static func handle(_ request: Request, _ scope: ImplicitScope) async -> Response {
    @Implicit var database: Database
    @Implicit(\.userID) var user: String
    let rows = await database.query("select * from orders where user = '\(user)'")
    return Response(status: 200, body: rows.joined())
  }

  func audit(_ scope: ImplicitScope) async {
    @Implicit var clock: Clock
    logEvent("audit \(clock.now)", scope)
  }
}

final class OrderServer {
  private let database = Database.open()

  func serve(_ requests: [Request]) async -> [Response] {
    var responses: [Response] = []
    for request in requests {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var database: Database = database
      @Implicit(\.userID) var user = request.userID
      @Implicit var analytics: any AnalyticsTracking = ConsoleAnalytics()
      @Implicit var clock = Clock()
      responses.append(await RequestContext.handle(request, scope))
      async let audited: Void = RequestContext().audit(scope)
      await audited
    }
    return responses
  }

  func serveConcurrently(_ requests: [Request]) async -> [Response] {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(.lazy) var database = Database.open()
    @Implicit var analytics: any AnalyticsTracking = ConsoleAnalytics()
    return await withTaskGroup(of: Response.self) { group in
      for request in requests {
        group.addTask {
          let scope = scope.nested()
          defer { scope.end() }
          @Implicit(\.userID) var user = request.userID
          return await RequestContext.handle(request, scope)
        }
      }
      var all: [Response] = []
      for await response in group { all.append(response) }
      return all
    }
  }
}
