import Core
import Implicits

/// Renders a screen with nothing of the app around it: an empty bag, kept by the preview.
public final class PreviewHost {
  private let empty = Implicits()
  public private(set) var rendered: [String] = []

  public init() {}

  public func renderPreview() {
    withScope(with: empty) { scope in
      @Implicit var logger = Logger(label: "preview")
      @Implicit var store = BookStore(books: [Book(id: 9, title: "Preview", author: "Nobody", copies: 1)])
      @Implicit(\.requestID) var requestID = "preview"
      #if DEBUG
      @Implicit(\.verbose) var verbose = true
      #endif
      rendered = renderAll(store.all, with: PlainRenderer(), scope)
      audit("preview rendered", scope)
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
