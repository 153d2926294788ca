import Implicits

// A user session that starts the scope the rest of the app reads from.

final class Session {
  let api: any APIClient
  let analytics = Analytics()
  var flags = Environment.Flags()

  init(api: any APIClient) {
    self.api = api
  }

  func start(userID: Int) async {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var api = api
    @Implicit var analytics = analytics
    @Implicit var flags = flags
    @Implicit(\.userID) var userID = userID
    @Implicit var cache = ImageCache()
    @Implicit var clock = Clock()
    let coordinator = AppCoordinator(scope)
    await coordinator.start(scope)
  }

  static func start(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track("session.static")
  }

  func start(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    @Implicit(\.userID) var userID: Int
    analytics.track("session.\(userID)")
  }
}
