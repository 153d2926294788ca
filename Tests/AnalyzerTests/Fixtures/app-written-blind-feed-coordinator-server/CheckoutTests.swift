import Foundation
import Implicits
import Testing

struct FakeAnalytics: AnalyticsTracking {
  init() {}
  func track(_ event: String) {}
}

@Suite struct FeedTests {
  @Test func loadsTheFeed() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client = URLSessionClient()
    @Implicit(\.userID) var user = "u1"
    @Implicit var analytics: any AnalyticsTracking = FakeAnalytics()
    let feed = try await API.fetchFeed(scope)
    #expect(feed.count == 3)
  }

  @Test func profileUsesTheRetries() async throws {
    try await withScope { scope in
      @Implicit var client = URLSessionClient()
      _ = try await API.fetchProfile("u1", scope)
    }
  }

  @Test func serverAnswers() async {
    let responses = await OrderServer().serve([Request(path: "/orders", userID: "u1")])
    #expect(responses.count == 1)
  }

  @Test func settingsRender() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var flags = FeatureFlags()
    @Implicit(\.userID) var user = "u2"
    #if DEBUG
    @Implicit var analytics: any AnalyticsTracking = FakeAnalytics()
    SettingsScreen(scope).render(scope)
    #else
    @Implicit var analytics: any AnalyticsTracking = ConsoleAnalytics()
    SettingsScreen(scope).render(scope)
    #endif
  }
}
