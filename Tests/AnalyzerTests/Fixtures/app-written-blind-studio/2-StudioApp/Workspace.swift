import Implicits
import StudioCore

/// An index of documents shared between tasks; it reads its logger when created.
actor DocumentIndex {
  @Implicit var logger: Logger
  private var words: [String: Set<String>] = [:]

  init(_ scope: ImplicitScope) {}

  func add(_ document: Document) {
    for word in document.text.split(separator: " ") {
      words[String(word), default: []].insert(document.id)
    }
    logger.log("indexed \(document.id)")
  }

  func documents(containing word: String) -> [String] { (words[word] ?? []).sorted() }
}

/// What the app's modules offer to the CLI and to tests.
public enum Studio {
  /// Boots the library screen on the main actor, renders it, runs its `.task`, taps the
  /// first document and returns what was rendered.
  @MainActor public static func bootLibrary(_ scope: ImplicitScope) async -> [String] {
    let app = AppModel(scope)
    let renderer = Renderer()
    _ = renderer.render(LibraryScreen(model: app.library))
    await renderer.runTasks()
    let tree = renderer.render(LibraryScreen(model: app.library))
    renderer.tap(app.library.titles.first ?? "")
    let badge = renderer.render(app.badge())
    return [describe(tree), describe(badge), app.library.selected?.title ?? "none", app.crashSummary(scope)]
  }

  private static func describe(_ node: Node) -> String {
    switch node {
    case .text(let text): return text
    case .button(let title): return "[\(title)]"
    case .stack(let children): return children.map(describe).filter { !$0.isEmpty }.joined(separator: " ")
    case .empty: return ""
    }
  }

  /// Pulls the profile and every path; P4's path when the caller has no token.
  public static func syncNow(_ paths: [String], _ scope: ImplicitScope) async throws -> String {
    let engine = SyncEngine(paths: paths)
    let (profile, sizes) = try await engine.pull(scope)
    let streamed = await logSync(engine, scope)
    return "\(profile) \(sizes) streamed=\(streamed)"
  }

  /// Exports a document; P1's path when the caller declares no clock.
  public static func export(_ id: String, text: String, _ scope: ImplicitScope) -> String {
    DocumentExporter().export(Document(id: id, text: text, author: "ann"), scope)
  }

  /// Types, undoes, and reports what the repository saved.
  public static func edit(_ scope: ImplicitScope) -> String {
    let session = DocumentSession(Document(id: "notes", text: "", author: ""), scope)
    session.type("hello", scope)
    session.type(" world", scope)
    session.undo()
    return "\(session.document.text)|saved=\(session.saved)|undo=\(session.canUndo)"
  }

  /// P3's path: the session is made where an author is declared, the rename where none is.
  public static func renameAndUndo(_ title: String, _ scope: ImplicitScope) -> String {
    let session = withScope(nesting: scope) { inner in
      @Implicit(\.author) var author = "ann"
      return DocumentSession(Document(id: title, text: "", author: ""), inner)
    }
    session.type("draft", scope)
    session.rename(to: title + "-2", scope)
    session.undo()
    return session.document.id
  }

  /// Indexes documents in parallel child tasks and searches the index.
  public static func index(_ texts: [String], _ scope: ImplicitScope) async -> [String] {
    let index = DocumentIndex(scope)
    await withTaskGroup(of: Void.self) { group in
      for (number, text) in texts.enumerated() {
        group.addTask {
          @Implicit(\.author) var author: String
          await index.add(Document(id: "d\(number)", text: text, author: author))
        }
      }
    }
    let audit = Task {
      @Implicit var logger: Logger
      logger.log("index audited")
      return await index.documents(containing: "swift")
    }
    return await audit.value
  }

  /// Uploads and then polls with a bag; the detached poller is P2 when `broken`.
  public static func uploadAndPoll(broken: Bool, _ scope: ImplicitScope) async throws -> String {
    try await uploadAll([Document(id: "a", text: "x", author: "ann")], scope)
    let poller = FeedPoller(scope)
    await poller.start().value
    if broken { await poller.startDetached().value }
    return poller.results.joined(separator: ",")
  }

  /// Activates the plugins with the caller's settings.
  public static func plugins(_ scope: ImplicitScope) -> [String] {
    makeRegistry().activateAll(scope)
  }

  /// Plays two levels and wires the README-style feed.
  public static func play(_ scope: ImplicitScope) async -> String {
    let first = playLevel(1, scope)
    let second = playLevel(2, scope)
    let feed = makeFeed(scope)
    feed.select(1)
    feed.onRetry?()
    let shared = await feed.onShare?("post") ?? ""
    makeTracker(scope)("played")
    let lookup = CachedLookup<Document>(scope)
    let doc = lookup.lookup("cached") { Document(id: "cached", text: "", author: "game") }
    return "\(first?.y ?? 0) \(second?.y ?? 0) \(shared) \(doc.author)"
  }

  /// Runs two throwing child tasks with `async let`; the second one fails.
  public static func fetchPair(_ scope: ImplicitScope) async -> String {
    let client = APIClient(scope)
    async let good = client.get("/me", scope)
    async let bad = client.get("/missing", scope)
    do {
      return try await good + (try await bad)
    } catch {
      return "failed: \(error)"
    }
  }

  /// A reader in the app module for the analytics the feed records.
  public static func analyticsEvents(_ scope: ImplicitScope) -> [String] {
    @Implicit var analytics: AnalyticsService
    return analytics.events
  }
}
