// `await MainActor.run { }` runs its closure before it returns; `try?`, `for await` and a
// generic type's init are calls like any other. A closure taking a scope that is stored
// in a property reads from the scope it is called with: the call through the property
// needs what the closures stored there need.
import Foundation
import Implicits

struct Store { init() {} }
struct Clock { init() {} }

func save(_ scope: ImplicitScope) throws {
  @Implicit var store: Store
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}} // expected-note@:17 {{'Clock' is read here}}
}

final class Box<Content> {
  @Implicit var store: Store
  init(_ scope: ImplicitScope) {}
}

final class Loader {
  let onLoad: (ImplicitScope) -> Void

  init(onLoad: @escaping (ImplicitScope) -> Void) {
    self.onLoad = onLoad
  }

  func load(_ scope: ImplicitScope) {
    onLoad(scope) // expected-note@:5 {{'Clock' is required by the call to 'onLoad(_:)' here}}
  }
}

func work(_ stream: AsyncStream<Int>, _ scope: ImplicitScope) async throws {
  try? save(scope)
  _ = Box<Int>(scope)
  for await _ in stream {
    tick(scope) // expected-note@:5 {{'Clock' is required by the call to 'tick(_:)' here}}
  }
  await MainActor.run {
    tick(scope)
  }
}

func main() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = Store()
  @Implicit var clock = Clock()
  try await work(AsyncStream { _ in }, scope)
  _ = Loader(onLoad: { scope in tick(scope) }) // expected-note@:22 {{'Clock' is required by the closure created here}} // expected-note@:33 {{'Clock' is required by the call to 'tick(_:)' here}}
}

func mainWithoutClock() async throws {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var store = Store()
  try await work(AsyncStream { _ in }, scope) // expected-note@:13 {{'Clock' is required by the call to 'work(_:_:)' here}}
}

// Broken: the stored closure ticks the clock, and runs here.
func reload(_ loader: Loader) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  loader.load(scope) // expected-note@:3 {{'Clock' is required by the call to 'load(_:)' here}}
}
