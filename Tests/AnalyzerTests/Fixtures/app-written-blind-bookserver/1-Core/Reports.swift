import Implicits

/// Renders one book; the CLI and the server bring their own.
public protocol BookRenderer {
  func render(_ book: Book) -> String
}

public struct PlainRenderer: BookRenderer {
  public init() {}
  public func render(_ book: Book) -> String { book.description }
}

/// Renders books with any renderer, tracing the count.
public func renderAll(_ books: [Book], with renderer: some BookRenderer, _ scope: ImplicitScope) -> [String] {
  trace("render \(books.count) books", scope)
  return books.map { renderer.render($0) }
}

/// Describes any value for a log line, with the request it belongs to.
public func describe(_ value: any CustomStringConvertible, _ scope: ImplicitScope) -> String {
  @Implicit(\.requestID) var requestID: String
  return "\(requestID): \(value.description)"
}

/// Joins the descriptions of a collection whose elements describe themselves.
public func summarize<Items: Collection>(_ items: Items, _ scope: ImplicitScope) -> String
where Items.Element: CustomStringConvertible {
  @Implicit var logger: Logger
  let text = items.map(\.description).joined(separator: "; ")
  logger.log("summarized \(items.count) items")
  return text
}

/// Counts elements per key, for any sequence of hashable keys.
public func tally<S: Sequence, K: Hashable>(_ items: S, by key: (S.Element) -> K, _ scope: ImplicitScope) -> [K: Int]
where S.Element: Sendable {
  trace("tally", scope)
  var counts: [K: Int] = [:]
  for item in items { counts[key(item), default: 0] += 1 }
  return counts
}

/// A report on the shelf: made by a static factory, rendered by an instance method of the
/// same name.
public struct Report: Sendable {
  public let generatedAt: Int
  public let limit: Int

  /// Stamps the report with the clock and the user's quota.
  public static func make(_ scope: ImplicitScope) -> Report {
    @Implicit var clock: Clock
    @Implicit var quota: Quota
    return Report(generatedAt: clock.stamp(5), limit: quota.maxLoans)
  }

  /// Renders the report for the store, logging it.
  public func make(_ scope: ImplicitScope) -> String {
    @Implicit var store: BookStore
    @Implicit var logger: Logger
    let text = "report@\(generatedAt) limit \(limit): " + summarize(store.all.map(\.title), scope)
    logger.log("report made")
    return text
  }
}
