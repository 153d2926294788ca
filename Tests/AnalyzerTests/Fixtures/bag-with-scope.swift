// `withScope(with:)` restores a bag like `ImplicitScope(with:)`.
struct SyncService { init() {} }
struct Logger { init() {} }

func sync(_ scope: ImplicitScope) {
  @Implicit var service: SyncService // expected-note@:17 {{'SyncService' is read here}}
}

final class SyncScheduler {
  private let implicits = #implicits // expected-note@:27 {{'SyncService' is captured by the '#implicits' bag here}}
  @Implicit var logger: Logger

  init(_ scope: ImplicitScope) {}

  func fire() {
    withScope(with: implicits) { scope in
      sync(scope) // expected-note@:7 {{'SyncService' is required by the call to 'sync(_:)' here}}
    }
  }
}

func scheduleSync(_ scope: ImplicitScope) {
  let implicits = #implicits
  Task {
    await withScope(with: implicits) { scope in
      sync(scope)
    }
  }
  Task { [bag = #implicits] in // expected-note@:17 {{'SyncService' is captured by the '#implicits' bag here}}
    withScope(with: bag) { sync($0) } // expected-note@:28 {{'SyncService' is required by the call to 'sync(_:)' here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'SyncService' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = SyncScheduler(scope) // expected-note@:7 {{'SyncService' is required by the call to 'SyncScheduler.init(_:)'}}
  scheduleSync(scope) // expected-note@:3 {{'SyncService' is required by the call to 'scheduleSync(_:)'}}
}
