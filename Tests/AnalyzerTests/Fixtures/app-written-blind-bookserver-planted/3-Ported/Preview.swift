import Core
import Implicits

/// Renders a screen with nothing of the app around it: an empty bag, kept by the preview.
public final class PreviewHost {
  private let empty = Implicits()  // planted, '\.requestID' is declared under '#if DEBUG' only (a release build stops): expected-error@:23 [unresolved-implicit] {{unresolved implicit '\.requestID' of Core in a scope restored from an empty bag ('Implicits()' holds no values and hides the values around it)}} expected-note@:23 {{'\.requestID' of Core is required where 'PreviewHost.empty' is restored, which keeps the bag stored here}}
  public private(set) var rendered: [String] = []

  public init() {}

  public func renderPreview() {
    withScope(with: empty) { scope in
      @Implicit var logger = Logger(label: "preview")
      @Implicit var store = BookStore(books: [Book(id: 9, title: "Preview", author: "Nobody", copies: 1)])
      #if DEBUG  // expected-note@:7 {{reported where 'DEBUG' does not hold; the analyzer does not know which configuration is built, so the code must be correct in each}}
      @Implicit(\.requestID) var requestID = "preview"
      @Implicit(\.verbose) var verbose = true
      #endif
      rendered = renderAll(store.all, with: PlainRenderer(), scope)
      audit("preview rendered", scope)  // expected-note@:7 {{'\.requestID' of Core is required by the call to 'audit(_:_:)' here}} expected-note@:7 {{'\.requestID' of Core is read in 'audit(_:_:)'}}
      rendered += logger.lines
    }
  }
}

/// Keeps a batch of work to run later, each item under the bag captured when it was queued.
public final class WorkQueue {
  private var items: [(label: String, run: () -> Void)] = []

  public init() {}

  public func enqueue(_ label: String, _ scope: ImplicitScope) {
    items.append((label, { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      audit("ran \(label)", scope)
    }))
  }

  public func drain() -> [String] {
    let labels = items.map(\.label)
    for item in items { item.run() }
    items.removeAll()
    return labels
  }
}
