// Two kinds of callbacks of one shape, told apart by their typealias: a call through a
// value of one alias reaches the closures made as that alias only (issue 18, item 8: 1, 5).
import Implicits

struct Store { init() {} }
struct Sharer { init() {} }

typealias OnSave = (String, ImplicitScope) -> Void
typealias OnShare = (String, ImplicitScope) -> Void

func persist(_ text: String, _ scope: ImplicitScope) {
  @Implicit var store: Store
}

func post(_ text: String, _ scope: ImplicitScope) {
  @Implicit var sharer: Sharer // expected-note@:17 {{'Sharer' is read here}}
}

final class Editor {
  private var onSave: [OnSave] = []
  private var onShare: [OnShare] = []
  init() {}

  func whenSaved(_ handler: @escaping OnSave) { onSave.append(handler) }
  func whenShared(_ handler: @escaping OnShare) { onShare.append(handler) }

  func save(_ text: String, _ scope: ImplicitScope) {
    for handler in onSave { notify(handler, text, scope) }
  }

  func share(_ text: String, _ scope: ImplicitScope) {
    for handler in onShare { announce(handler, text, scope) } // expected-note@:30 {{'Sharer' is required by the call to 'announce(_:_:_:)' here}}
  }

  private func notify(_ handler: OnSave?, _ text: String, _ scope: ImplicitScope) {
    handler?(text, scope)
  }

  private func announce(_ handler: OnShare?, _ text: String, _ scope: ImplicitScope) {
    handler?(text, scope) // expected-note@:5 {{'Sharer' is required by the 'OnShare' closures this call may run}}
  }
}

func makeEditor() -> Editor {
  let editor = Editor()
  editor.whenSaved { text, scope in persist(text, scope) }
  editor.whenShared { text, scope in post(text, scope) } // expected-note@:21 {{'Sharer' is required by the closure created here}} // expected-note@:38 {{'Sharer' is required by the call to 'post(_:_:)' here}}
  return editor
}

/// Saving needs the store, not the sharer.
func saveDraft(_ editor: Editor) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store()
  editor.save("draft", scope)
}

// Broken: sharing needs the sharer.
func shareDraft(_ editor: Editor) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Sharer' at this entry point}}
  defer { scope.end() }
  @Implicit var store = Store()
  editor.share("draft", scope) // expected-note@:3 {{'Sharer' is required by the call to 'share(_:_:)' here}}
}
