// Code in the style of yandex/implicits' README, ported unchanged: `@Implicit()` on its own
// line, bags restored with `ImplicitScope(with:)`, and the named closure wrappers.
import Implicits
import StudioCore

public final class AnalyticsService: @unchecked Sendable {
  public private(set) var events: [String] = []
  public init() {}
  func track(_ event: String) { events.append(event) }
}

final class FeedViewController {
  var onSelect: ((Int) -> Void)?
  var onRetry: (() -> Void)?
  var onShare: ((String) async -> String)?
  private(set) var rows: [String]

  init(rows: [String]) { self.rows = rows }

  func select(_ row: Int) { onSelect?(row) }
}

func openRow(_ row: Int, _ scope: ImplicitScope) {
  @Implicit()
  var analytics: AnalyticsService
  analytics.track("open \(row)")
}

func reloadFeed(_ scope: ImplicitScope) {
  @Implicit()
  var analytics: AnalyticsService
  @Implicit()
  var logger: Logger
  analytics.track("reload")
  logger.log("feed reloaded")
}

func share(_ text: String, _ scope: ImplicitScope) async -> String {
  @Implicit(\.authToken)
  var token: String
  return "\(text)#\(token.count)"
}

/// Wires the controller's callbacks with named wrappers: each captures what its body needs.
func makeFeed(_ scope: ImplicitScope) -> FeedViewController {
  let controller = FeedViewController(rows: ["a", "b", "c"])
  controller.onSelect = withRowSelectionImplicits { (row: Int, scope) in openRow(row, scope) }
  controller.onRetry = withRetryImplicits { scope in reloadFeed(scope) }
  controller.onShare = withShareTextImplicits { (text: String, scope) async in await share(text, scope) }
  return controller
}

/// The README's bag form: capture where the closure is made, restore where it runs.
func makeTracker(_ scope: ImplicitScope) -> (String) -> Void {
  return { [implicits = Implicits.captureAll()] event in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit()
    var analytics: AnalyticsService
    analytics.track(event)
    reloadFeed(scope)
  }
}
