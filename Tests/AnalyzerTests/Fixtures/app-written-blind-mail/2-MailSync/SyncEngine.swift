import Implicits
import MailCore

public struct SyncReport: Sendable, Equatable {
  public var messages: [Folder: [Message]] = [:]
  public var notes: [Note] = []
  public var events: [SyncEvent] = []

  public var total: Int { messages.values.reduce(0) { $0 + $1.count } }
}

/// Keeps the local copy in step with the server. One sync runs at a time.
public actor SyncEngine {
  @Implicit var api: APIClient
  @Implicit var logger: Logger
  private let implicits: Implicits
  private var running: Task<SyncReport, any Error>?
  private var events: [SyncEvent] = []
  public private(set) var lastReport: SyncReport?
  public nonisolated let name: String

  public init(name: String, _ scope: ImplicitScope) {
    self.name = name
    implicits = Implicits.captureAll()
  }

  public nonisolated var description: String { "SyncEngine(\(name))" }

  /// Fetches the folders and the notes side by side.
  public func sync(_ folders: [Folder], _ scope: ImplicitScope) async throws -> SyncReport {
    events = []
    async let mail = fetchFolders(folders, scope)
    async let notes = fetchNotes(scope)
    var report = SyncReport()
    report.messages = try await mail
    report.notes = try await notes
    report.events = events
    lastReport = report
    logger.log("synced \(report.total) messages, \(report.notes.count) notes")
    return report
  }

  private func fetchFolders(_ folders: [Folder], _ scope: ImplicitScope) async throws -> [Folder: [Message]] {
    let api = api
    return try await withThrowingTaskGroup(of: (Folder, [Message]).self) { group in
      for folder in folders {
        group.addTask { [implicits = Implicits.captureAll()] in
          try await withScope(with: implicits) { scope in
            let messages = try await withRetries("/mail/\(folder.rawValue)", report: { event in
              Task { await self.record(event) }
            }, scope) { scope in
              try await api.allPages(of: folder, scope)
            }
            return (folder, messages)
          }
        }
      }
      var result: [Folder: [Message]] = [:]
      for try await (folder, messages) in group {
        result[folder] = messages
        record(.fetched(folder, count: messages.count))
      }
      return result
    }
  }

  private func fetchNotes(_ scope: ImplicitScope) async throws -> [Note] {
    try await withRetries("/notes", report: { _ in }, scope) { scope in
      try await api.send(.notes, scope)
    }
  }

  private func record(_ event: SyncEvent) {
    events.append(event)
  }

  /// Starts a sync in the background; a second call while one runs returns the running one.
  public func start(_ folders: [Folder]) -> Task<SyncReport, any Error> {
    if let running { return running }
    let task = Task { [implicits] in
      try await withScope(with: implicits) { scope in
        try await self.sync(folders, scope)
      }
    }
    running = task
    return task
  }

  public func cancel() {
    running?.cancel()
    running = nil
  }

  public func finished() {
    running = nil
  }
}
