// Found by the differential test (Tests/Differential, seed 1): in an async function, task
// group children (`addTask`, `addTaskUnlessCancelled`, throwing and discarding groups) and
// `Task {}` read what was visible where they were created, also after the scope ended;
// the analyzer reported them as escaping closures without a bag until issue 18 item 4.
import Implicits

struct ImageStore {
  let capacity: Int
}

func resize(_ id: Int, _ scope: ImplicitScope) async -> Int {
  @Implicit var store: ImageStore // expected-note@:17 {{'ImageStore' is read here}}
  return id * store.capacity
}

var pending: [Task<Void, Never>] = []

func resizeAll(_ ids: [Int], _ scope: ImplicitScope) async {
  await withTaskGroup(of: Int.self) { group in
    for id in ids {
      group.addTask { await resize(id, scope) }
    }
  }
  _ = try? await withThrowingTaskGroup(of: Void.self) { group in
    group.addTaskUnlessCancelled { _ = await resize(0, scope) }
    try await group.waitForAll()
  }
  await withDiscardingTaskGroup { group in
    group.addTask { _ = await resize(1, scope) }
  }
  let first = Task { await resize(2, scope) }
  _ = await first.value
  // Runs after the caller's scope ended, with what was visible here.
  pending.append(Task { _ = await resize(3, scope) }) // expected-note@:23 {{'ImageStore' is required by the closure created here}} // expected-note@:35 {{'ImageStore' is required by the call to 'resize(_:_:)' here}}
}

func main() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = ImageStore(capacity: 4)
  await resizeAll([1, 2], scope)
}

func withoutStore() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'ImageStore' at this entry point}}
  defer { scope.end() }
  await resizeAll([1, 2], scope) // expected-note@:9 {{'ImageStore' is required by the call to 'resizeAll(_:_:)' here}}
}
