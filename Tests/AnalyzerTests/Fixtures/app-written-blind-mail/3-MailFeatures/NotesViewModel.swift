import Implicits
import MailCore

@MainActor
public final class NotesViewModel {
  @Implicit var logger: Logger
  @Implicit(\.featureFlags) var flags: FeatureFlags
  private let implicits = Implicits.captureAll()

  public var notes: [Note] = [] {
    didSet { index = nil }
  }
  public var query = ""
  public var onSaved: ((Note) -> Void)?

  private var index: [String: Set<Int>]?
  public private(set) var indexBuilds = 0

  /// Built on first search, again after the notes change.
  private var searchIndex: [String: Set<Int>] {
    if let index { return index }
    indexBuilds += 1
    var built: [String: Set<Int>] = [:]
    for note in notes {
      for word in (note.title + " " + note.text).lowercased().split(whereSeparator: { !$0.isLetter }) {
        built[String(word), default: []].insert(note.id)
      }
    }
    index = built
    return built
  }

  public lazy var greeting: String = {
    logger.log("notes opened")
    return flags.notesSearch ? "Search your notes" : "Notes"
  }()

  public var visible: [Note] {
    let pinnedFirst = notes.sorted { ($0.pinned ? 0 : 1, $0.id) < ($1.pinned ? 0 : 1, $1.id) }
    guard flags.notesSearch, !query.isEmpty else { return pinnedFirst }
    let ids = searchIndex[query.lowercased()] ?? []
    return pinnedFirst.filter { ids.contains($0.id) }
  }

  public init(_ scope: ImplicitScope) {}

  public func load() async {
    await withScope(with: implicits) { scope in
      @Implicit var api: APIClient
      do {
        notes = try await api.send(.notes, scope)
      } catch {
        logger.log("notes failed: \(error)")
      }
    }
  }

  public func save(_ note: Note) async throws {
    let saved: Note = try await withScope(with: implicits) { scope in
      try await NotesViewModel.upload(note, scope)
    }
    if let at = notes.firstIndex(where: { $0.id == saved.id }) {
      notes[at] = saved
    } else {
      notes.append(saved)
    }
    onSaved?(saved)
  }

  nonisolated static func upload(_ note: Note, _ scope: ImplicitScope) async throws -> Note {
    @Implicit var api: APIClient
    guard !note.title.isEmpty else { throw APIError.badStatus(422) }
    trace("saving note \(note.id)", scope)
    return try await api.send(.save(note), scope)
  }
}
