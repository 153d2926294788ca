// SwiftUI-style screens built while a scope is open. A struct that writes no `init` in its
// body gets a memberwise one from Swift: it only stores its arguments and reads no
// implicits, so calling it with a scope is not an unresolved call. Where an `init` with the
// same labels is written (in the struct, or in a class), the call resolves to it and needs
// what it reads. A scope kept in a stored property is not followed: `body()` is reported,
// and the message says to keep a bag instead (as `NotesListScreen` does).
import Implicits

struct Note { var title: String }
struct NotesAPI { init() {} }
struct Analytics { init() {} }

final class NotesModel {
  private(set) var notes: [Note] = []

  init() {}

  func load(_ scope: ImplicitScope) {
    @Implicit var api: NotesAPI // expected-note@:19 {{'NotesAPI' is read here}}
    notes = [Note(title: "Groceries")]
  }
}

struct NotesScreen {
  let model: NotesModel
  let scope: ImplicitScope
  var title = "Notes"

  func body() {
    model.load(scope) // expected-error@:16 [scope-not-followed] {{store a bag instead ('let implicits = #implicits')}}
  }
}

/// A convenience `init` in an extension keeps the memberwise one.
struct NoteDetailScreen {
  let note: Note
  let scope: ImplicitScope
}

extension NoteDetailScreen {
  init(title: String, _ scope: ImplicitScope) {
    self.init(note: Note(title: title), scope: scope)
  }
}

/// The fix the message suggests: a bag of what `body()` needs, restored where it runs.
struct NotesListScreen {
  let model: NotesModel
  private let implicits = #implicits // expected-note@:27 {{'NotesAPI' is captured by the '#implicits' bag here}}

  init(model: NotesModel, _ scope: ImplicitScope) {
    self.model = model
  }

  func body() {
    withScope(with: implicits) { scope in
      model.load(scope) // expected-note@:7 {{'NotesAPI' is required by the call to 'load(_:)' here}}
    }
  }
}

/// Written out, with the same labels as a memberwise one: the call needs what it reads
/// (and the label is reported: a scope parameter is written '_ scope').
struct TrackedScreen {
  let model: NotesModel
  let scope: ImplicitScope

  init(model: NotesModel, scope: ImplicitScope) { // expected-error@:27 [scope-parameter-name] {{not 'scope:'}}
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
    self.model = model
    self.scope = scope
  }
}

final class NotesCoordinator {
  let model: NotesModel

  init(model: NotesModel, scope: ImplicitScope) { // expected-error@:27 [scope-parameter-name] {{not 'scope:'}}
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
    self.model = model
  }
}

func showNotes(model: NotesModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = NotesAPI()
  @Implicit var analytics = Analytics()
  let screen = NotesScreen(model: model, scope: scope)
  let detail = NoteDetailScreen(note: Note(title: "Milk"), scope: scope)
  let renamed = NoteDetailScreen(title: "Bread", scope)
  let list = NotesListScreen(model: model, scope)
  let tracked = TrackedScreen(model: model, scope: scope)
  let coordinator = NotesCoordinator(model: model, scope: scope)
  screen.body()
  list.body()
  print(detail.note.title, renamed.note.title, tracked.model.notes.count, coordinator.model.notes.count)
}

func showTrackedWithoutAnalytics(model: NotesModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  _ = TrackedScreen(model: model, scope: scope) // expected-note@:7 {{'Analytics' is required by the call to 'TrackedScreen.init(model:scope:)' here}}
}

func showCoordinatorWithoutAnalytics(model: NotesModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  _ = NotesCoordinator(model: model, scope: scope) // expected-note@:7 {{'Analytics' is required by the call to 'NotesCoordinator.init(model:scope:)' here}}
}

func showListWithoutAPI(model: NotesModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'NotesAPI' at this entry point}}
  defer { scope.end() }
  NotesListScreen(model: model, scope).body() // expected-note@:3 {{'NotesAPI' is required by the call to 'NotesListScreen.init(model:_:)' here}}
}

/// Nested, generic and aliased screens have memberwise inits too.
enum Routes {
  struct Settings {
    let userID: Int
    let scope: ImplicitScope
  }
}

typealias SettingsScreen = Routes.Settings

struct Loaded<Content> {
  let content: Content
  let scope: ImplicitScope
}

func showSettings(userID: Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let settings = SettingsScreen(userID: userID, scope: scope)
  let nested = Routes.Settings(userID: userID, scope: scope)
  let loaded = Loaded<[Note]>(content: [], scope: scope)
  let inferred = Loaded(content: userID, scope: scope)
  print(settings.userID, nested.userID, loaded.content.count, inferred.content)
}

/// A memberwise init that fills a stored bag captures implicits, so it is not one that
/// runs no code: the call is still reported, and the written `init` is the way to call it.
struct BaggedScreen {
  let model: NotesModel
  let scope: ImplicitScope
  private let implicits = #implicits

  func body() {
    withScope(with: implicits) { scope in
      model.load(scope)
    }
  }
}

extension BaggedScreen {
  init(model: NotesModel, _ scope: ImplicitScope) {
    self.init(model: model, scope: scope) // expected-error@:5 [unresolved-call] {{cannot resolve the implicit function 'BaggedScreen.init(model:scope:)' called here}}
  }
}
