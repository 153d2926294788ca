import Implicits

/// The app's old service locator, still used by screens not yet migrated.
public final class Container {
  nonisolated(unsafe) public static let shared = Container()
  public lazy var logger = Logger(label: "container")
  public lazy var database: Database = .open("container.db")
  public var api: any APIClient = StubAPI()
  public var flags = FeatureFlags(["ratings"])
  private var factories: [ObjectIdentifier: () -> Any] = [:]

  public init() {}

  public func register<T>(_ type: T.Type, _ make: @escaping () -> T) {
    factories[ObjectIdentifier(type)] = make
  }

  public subscript<T>(_ type: T.Type) -> T? {
    factories[ObjectIdentifier(type)]?() as? T
  }
}

/// Migrated: still built with its dependencies passed in, it re-declares them as implicits
/// for the code it calls.
public final class LibraryService {
  private let api: any APIClient
  private let database: Database
  private let logger: Logger
  public let flags: FeatureFlags

  public init(api: any APIClient, database: Database, logger: Logger, flags: FeatureFlags) {
    self.api = api
    self.database = database
    self.logger = logger
    self.flags = flags
  }

  public convenience init(container: Container = .shared) {
    self.init(api: container.api, database: container.database, logger: container.logger, flags: container.flags)
  }

  public func refresh() async throws -> Int {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var api = self.api
    @Implicit var database = self.database
    @Implicit var logger = logger
    guard flags["sync"] else {
      log("sync disabled", scope)
      return 0
    }
    do {
      return try await sync(scope)
    } catch APIError.notFound(let path) {
      log("missing \(path)", scope)
      return 0
    } catch {
      log("failed: \(error)", scope)
      throw error
    }
  }
}

/// Clamps a rating into its range, as the old model layer did.
@propertyWrapper
public struct Clamped {
  private var value: Int
  private let range: ClosedRange<Int>
  public init(wrappedValue: Int, _ range: ClosedRange<Int>) {
    self.range = range
    value = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
  public var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }
}

/// A book's detail: services are implicits now, the rest is as before.
public final class BookDetailModel {
  @Implicit var database: Database
  @Implicit var logger: Logger
  @Clamped(1...5) public var rating = 3
  public let title: String
  public lazy var summary: String = "\(title) (\(rating)★)"
  public var isSaved: Bool { database.load(title) != nil }

  public init(title: String, _ scope: ImplicitScope) {
    self.title = title
    if let saved = database.load(title) { rating = saved }
  }

  public func rate(_ stars: Int, _ scope: ImplicitScope) {
    defer { log("rated \(title) \(rating)", scope) }
    rating = stars
    database.save(title, rating)
  }
}

/// Builds a report line by line.
@resultBuilder
public enum ReportBuilder {
  public static func buildBlock(_ lines: [String]...) -> [String] { lines.flatMap { $0 } }
  public static func buildExpression(_ line: String) -> [String] { [line] }
  public static func buildOptional(_ lines: [String]?) -> [String] { lines ?? [] }
  public static func buildArray(_ lines: [[String]]) -> [String] { lines.flatMap { $0 } }
}

public func report(@ReportBuilder _ content: () -> [String]) -> String {
  content().joined(separator: "\n")
}

infix operator |>: AdditionPrecedence
public func |> <A, B>(value: A, transform: (A) -> B) -> B { transform(value) }

/// A report of the shelf, ratings from the database.
public func shelfReport(_ titles: [String], _ scope: ImplicitScope) -> String {
  @Implicit var database: Database
  let sorted = titles.sorted(by: <)
  return report {
    "Shelf of \(sorted.count)"
    for title in sorted {
      "\(title): \(database.load(title) ?? 0)"
    }
    if sorted.isEmpty {
      sorted.count |> { "empty (\($0))" }
    }
  } |> { text in
    log("report \(text.count) chars", scope)
    return text
  }
}
