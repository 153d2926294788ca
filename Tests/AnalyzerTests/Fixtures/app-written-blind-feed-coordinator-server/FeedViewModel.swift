import Foundation
import Implicits
#if canImport(UIKit)
import UIKit
#endif

@MainActor
final class FeedViewModel {
  private(set) var items: [Int] = []
  private(set) var thumbnails: [Int: Data] = [:]
  @Implicit var flags: FeatureFlags
  @Implicit var cache: ImageCache
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  func load(_ scope: ImplicitScope) async {
    logEvent("feed.load", scope)
    do {
      items = try await API.fetchFeed(scope)
    } catch {
      logEvent("feed.error", scope)
    }
    await withTaskGroup(of: (Int, Data?).self) { group in
      for id in items {
        group.addTask { await self.thumbnail(for: id, scope) }
      }
      for await (id, data) in group {
        thumbnails[id] = data
      }
    }
  }

  nonisolated func thumbnail(for id: Int, _ scope: ImplicitScope) async -> (Int, Data?) {
    @Implicit var cache: ImageCache
    return (id, cache.image(for: id))
  }

  func refreshTapped() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    logEvent("feed.refresh", scope)
    #if DEBUG
    logEvent("feed.refresh.debug", scope)
    #endif
  }

  func didAppear() async {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    await load(scope)
  }

  #if os(iOS)
  func hapticFeedback(_ scope: ImplicitScope) {
    @Implicit var analytics: any AnalyticsTracking
    analytics.track("haptic")
  }
  #endif
}
