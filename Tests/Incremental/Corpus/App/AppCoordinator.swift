import Implicits

// Coordinators keep callbacks and hand the scope's values to the screens they open.

final class AppCoordinator {
  @Implicit var analytics: Analytics
  private let implicits: Implicits
  var onFinish: (() -> Void)?

  init(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  func start(_ scope: ImplicitScope) async {
    analytics.track("app.start")
    let feed = FeedViewModel(scope)
    await feed.load(scope)
    #if canImport(UIKit)
    showProfile(scope)
    #else
    showSettings(scope)
    #endif
  }

  func showProfile(_ scope: ImplicitScope) {
    let profile = ProfileCoordinator(scope)
    profile.onLogout = { [weak self] in
      self?.onFinish?()
    }
    profile.start(scope)
  }

  func showSettings(_ scope: ImplicitScope) {
    @Implicit var flags: Environment.Flags
    let view = SettingsView(flags: flags)
    view.onToggle = { [implicits] enabled in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit var analytics: Analytics
      analytics.track("settings.\(enabled)")
    }
    view.logAppearance(scope)
    _ = view.body
  }
}

final class ProfileCoordinator {
  var onLogout: (() -> Void)?
  @Implicit(\.userID) var userID: Int

  init(_ scope: ImplicitScope) {}

  func start(_ scope: ImplicitScope) {
    let model = ProfileViewModel(scope)
    model.refresh(scope)
  }
}
