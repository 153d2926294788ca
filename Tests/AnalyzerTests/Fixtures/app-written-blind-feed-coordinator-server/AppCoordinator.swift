import Foundation
import Implicits

final class ProfileScreen {
  var onLogout: (() -> Void)?
  var onOpenSettings: ((String) -> Void)?
  init() {}
}

final class SettingsScreen {
  @Implicit var flags: FeatureFlags
  init(_ scope: ImplicitScope) {}
  func render(_ scope: ImplicitScope) {
    @Implicit(\.userID) var user: String
    logEvent("settings.\(user)", scope)
  }
}

final class AppCoordinator {
  private var screens: [AnyObject] = []
  private let session: URLSessionClient
  private let flags: FeatureFlags

  init(session: URLSessionClient, flags: FeatureFlags) {
    self.session = session
    self.flags = flags
  }

  func start(userID: String) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client: URLSessionClient = session
    @Implicit var flags: FeatureFlags = flags
    @Implicit var analytics: any AnalyticsTracking = ConsoleAnalytics()
    @Implicit(\.userID) var user = userID
    @Implicit var cache = ImageCache()
    showProfile(scope)
    // Broken: a `Task {}` created in synchronous code does not inherit the scope's values.
    Task { @MainActor in
      let model = FeedViewModel(scope) // expected-error@:19 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'FeatureFlags', 'ImageCache', 'URLSessionClient', '\.userID' and 'any AnalyticsTracking' of the enclosing scope}}
      screens.append(model)
    }
  }

  private func showProfile(_ scope: ImplicitScope) {
    let screen = ProfileScreen()
    screen.onLogout = { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      logEvent("logout", scope)
    }
    screen.onOpenSettings = { [implicits = #implicits] section in
      withScope(with: implicits) { scope in
        let settings = SettingsScreen(scope)
        settings.render(scope)
        self.screens.append(settings)
      }
    }
    screens.append(screen)
  }

  func restartFlows(userID: String) {
    let first = ImplicitScope()
    defer { first.end() }
    @Implicit var analytics: any AnalyticsTracking = ConsoleAnalytics()
    logEvent("restart", first)
    let second = ImplicitScope()
    defer { second.end() }
    @Implicit(\.userID) var user = userID
    @Implicit var flags = FeatureFlags()
    SettingsScreen(second).render(second)
  }
}
