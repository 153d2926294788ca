// A notes app written as apps are, before its analysis was looked at: injected
// dependencies re-declared as implicits (keys of typed names) and named closure wrappers
// in a view model, a sync coordinator with callbacks, a server's routes and tests.
import Foundation
import Implicits

struct Note: Sendable, Identifiable { let id: UUID; var title: String; var body: String }
struct User: Sendable { let id: Int; let name: String }

protocol NotesStore: Sendable {
  func all() -> [Note]
  func save(_ note: Note)
}

final class InMemoryNotesStore: NotesStore, @unchecked Sendable {
  private var notes: [Note] = []
  init() {}
  func all() -> [Note] { notes }
  func save(_ note: Note) { notes.append(note) }
}

struct SyncClient: Sendable {
  let baseURL: URL
  init(baseURL: URL) { self.baseURL = baseURL }
  func push(_ notes: [Note]) async throws {}
}

struct Clock: Sendable {
  var now: Date { Date() }
  static func system() -> Clock { Clock() }
}

final class Analytics: @unchecked Sendable {
  private(set) var events: [String] = []
  init() {}
  func track(_ event: String) { events.append(event) }
}

enum Environment {
  static func makeStore() -> any NotesStore { InMemoryNotesStore() }
  static func makeSyncClient() -> SyncClient { SyncClient(baseURL: URL(string: "https://example.com")!) }
}

func saveNote(_ note: Note, _ scope: ImplicitScope) {
  @Implicit var store: any NotesStore
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
  store.save(note)
  analytics.track("save")
}

func listNotes(_ scope: ImplicitScope) -> [Note] {
  @Implicit var store: any NotesStore
  return store.all()
}

func syncNotes(_ scope: ImplicitScope) async throws {
  @Implicit var client: SyncClient
  @Implicit var store: any NotesStore
  try await client.push(store.all())
}

func stamp(_ note: Note, _ scope: ImplicitScope) -> String {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
  return "\(note.title) @ \(clock.now)"
}

func greet(_ scope: ImplicitScope) -> String {
  @Implicit var user: User // expected-note@:17 {{'User' is read here}}
  return "Hello, \(user.name)"
}
