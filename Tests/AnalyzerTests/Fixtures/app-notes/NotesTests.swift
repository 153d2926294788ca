import Foundation
import Implicits

final class NotesTests {
  let store = InMemoryNotesStore()
  let analytics: Analytics = Analytics()
  let user = User(id: 7, name: "Ada")

  func testSaveTracks() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = store as any NotesStore
    @Implicit var analytics = analytics
    saveNote(Note(id: UUID(), title: "a", body: ""), scope)
  }

  func testGreeting() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var user = self.user
    _ = greet(scope)
  }

  func testSavedLater() {
    var save: ((Note) -> Void)?
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var store: any NotesStore = store
      @Implicit var analytics = analytics
      save = withTestSaveImplicits { (note: Note, scope) in saveNote(note, scope) }
    }
    save?(Note(id: UUID(), title: "later", body: ""))
  }

  func testStoreFromParameter(_ injected: InMemoryNotesStore) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = injected as any NotesStore
    @Implicit var analytics = Analytics()
    _ = listNotes(scope)
  }

  // Error: `user` is an optional here.
  func testOptionalUser(_ maybe: User?) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'User' at this entry point}}
    defer { scope.end() }
    @Implicit var user = maybe
    _ = greet(scope) // expected-note@:9 {{'User' is required by the call to 'greet(_:)'}}
  }
}
