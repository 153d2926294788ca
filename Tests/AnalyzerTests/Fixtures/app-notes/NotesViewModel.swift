import Foundation
import Implicits

@MainActor
final class NotesViewModel {
  private let store: any NotesStore
  private let analytics: Analytics
  var user: User?
  var notes: [Note] = []
  var onSave: ((Note) -> Void)?
  let stampNote = withStampNoteImplicits { (note: Note, scope) in stamp(note, scope) }

  init(store: any NotesStore, analytics: Analytics, _ scope: ImplicitScope) {
    self.store = store
    self.analytics = analytics
  }

  func reload() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = store
    notes = listNotes(scope)
  }

  func bind(_ scope: ImplicitScope) {
    onSave = withSaveNoteImplicits { (note: Note, scope) in
      saveNote(note, scope)
    }
  }

  func save(title: String) {
    let note = Note(id: UUID(), title: title, body: "")
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = self.store
    @Implicit var analytics = analytics
    saveNote(note, scope)
  }

  func welcome() -> String {
    guard let current = user else { return "Hello" }
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var user = current
    return greet(scope)
  }

  func welcomeAll(_ users: [User]) -> [String] {
    var lines: [String] = []
    for user in users {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var user = user
      lines.append(greet(scope))
    }
    return lines
  }

  // Error: the analytics is missing for saveNote.
  func saveWithoutAnalytics(title: String) {
    let note = Note(id: UUID(), title: title, body: "")
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
    defer { scope.end() }
    @Implicit var store = store
    saveNote(note, scope) // expected-note@:5 {{'Analytics' is required by the call to 'saveNote(_:_:)'}}
  }
}
