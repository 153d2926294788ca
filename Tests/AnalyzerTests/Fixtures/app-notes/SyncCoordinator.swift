import Foundation
import Implicits

final class SyncCoordinator {
  let client: SyncClient
  let clock = Clock.system()
  var onTick: (() async throws -> Void)?
  var onStamp: ((Note) -> String)?
  private var timers: [() -> Void] = []

  init(client: SyncClient) {
    self.client = client
  }

  func start(_ scope: ImplicitScope) {
    onTick = withSyncTickImplicits { scope in
      try await syncNotes(scope)
    }
    onStamp = withSyncStampImplicits { (note: Note, scope) -> String in // expected-note@:15 {{'Clock' is captured by the closure wrapper 'withSyncStampImplicits' here}}
      stamp(note, scope) // expected-note@:7 {{'Clock' is required by the call to 'stamp(_:_:)' here}}
    }
    register(withRegisterImplicits { scope in
      _ = listNotes(scope)
    })
  }

  func register(_ timer: @escaping () -> Void) { timers.append(timer) }

  func run(store: any NotesStore) async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client = client
    @Implicit var store = store
    @Implicit var clock = clock
    start(scope)
    try await onTick?()
  }

  // Error: the clock is not declared, and the stamp closure needs it.
  func runWithoutClock(store: any NotesStore) {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
    defer { scope.end() }
    @Implicit var client = self.client
    @Implicit var store = store
    start(scope) // expected-note@:5 {{'Clock' is required by the call to 'start(_:)'}}
  }

  // Error: no scope here.
  func attach() {
    onStamp = withAttachImplicits { (note: Note, scope) in stamp(note, scope) } // expected-error@:15 [closure-wrapper-outside-scope] {{closure wrapper 'withAttachImplicits' is called where no scope is open}}
  }
}
