// Child tasks read what is visible where they are created, as the runtime gives it to
// them: task-group children, `async let` and `Task {}` created in an `async` function.
// `Task.detached` and `Task {}` created in synchronous code start without it.
import Implicits

struct ImageStore { init() {} }
struct Uploader { init() {} }
struct Metrics { init() {} }

func resize(_ id: Int, _ scope: ImplicitScope) async -> Int {
  @Implicit var store: ImageStore
  return id
}

func upload(_ scope: ImplicitScope) async {
  @Implicit var uploader: Uploader
}

func record(_ scope: ImplicitScope) {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
}

// A server handler: the children of a task group, throwing and discarding groups.
func handleBatch(_ ids: [Int], _ scope: ImplicitScope) async throws {
  await withTaskGroup(of: Int.self) { group in
    for id in ids {
      group.addTask { await resize(id, scope) }
    }
  }
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTaskUnlessCancelled {
      await upload(scope)
    }
    try await group.waitForAll()
  }
  await withDiscardingTaskGroup { group in // expected-note@:33 {{'Metrics' is required by the closure created here}}
    group.addTask { record(scope) } // expected-note@:19 {{'Metrics' is required by the closure created here}} // expected-note@:21 {{'Metrics' is required by the call to 'record(_:)' here}}
  }
  async let first = resize(1, scope)
  async let second: Int = { await resize(2, scope) }()
  _ = await (first, second)
}

final class GalleryViewModel {
  init() {}

  func refresh(_ scope: ImplicitScope) async {
    Task {
      await upload(scope)
    }
    Task(priority: .background) { record(scope) }
  }

  // Broken: a detached task starts empty.
  func refreshDetached(_ scope: ImplicitScope) async {
    Task.detached {
      await upload(scope) // expected-error@:13 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Uploader' of the enclosing scope}}
    }
  }

  // Broken: `Task {}` created in synchronous code does not inherit the thread's values.
  func refreshFromButton(_ scope: ImplicitScope) {
    Task {
      await upload(scope) // expected-error@:13 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Uploader' of the enclosing scope}}
    }
  }
}

func startServer() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = ImageStore()
  @Implicit var uploader = Uploader()
  @Implicit var metrics = Metrics()
  try await handleBatch([1, 2, 3], scope)
  await GalleryViewModel().refresh(scope)
}

// Broken: the children's requirements are their creator's.
func startServerWithoutMetrics() async throws {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  @Implicit var store = ImageStore()
  @Implicit var uploader = Uploader()
  try await handleBatch([1, 2, 3], scope) // expected-note@:13 {{'Metrics' is required by the call to 'handleBatch(_:_:)' here}}
}
