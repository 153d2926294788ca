import Implicits

// SwiftUI-style views without SwiftUI: values, bodies, closures kept for later.

protocol View {
  associatedtype Body
  var body: Body { get }
}

extension View {
  func logAppearance(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track("appear.\(Self.self)")
  }
}

struct Text: View {
  var content: String
  var body: String { content }
}

final class SettingsView: View {
  let flags: Environment.Flags
  var onToggle: ((Bool) -> Void)?

  init(flags: Environment.Flags) {
    self.flags = flags
  }

  var body: Text {
    onToggle?(!flags.newCheckout)
    return Text(content: flags.verboseLogging ? "verbose" : "quiet")
  }
}

struct FeedRow<Content: View>: View {
  var content: Content
  var body: Content { content }

  func render(_ scope: ImplicitScope) -> String {
    @Implicit var cache: ImageCache
    return cache["row"] == nil ? "empty" : "cached"
  }
}

#if canImport(SwiftUI)
import SwiftUI

struct PreviewRow {
  func preview() -> String { "preview" }
}
#endif
