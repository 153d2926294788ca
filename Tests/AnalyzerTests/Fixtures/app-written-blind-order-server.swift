// Server code written before running the analyzer on it (issue 18, item 8): a
// repository with a static and an instance member of one name, task-group children and
// an async let in a nested scope, a bag for a dispatch queue, and three real mistakes (the
// bag of 'schedule' needs a tracer 'serve' does not declare; a missing config; a detached
// task). The analyzer reported exactly these.
import Foundation
import Implicits

struct Tracer { init() {} }
struct Config { var region = "eu"; init() {} }
final class OrderRepository {
  init() {}
  static func live(_ scope: ImplicitScope) -> OrderRepository {
    @Implicit var config: Config
    return OrderRepository()
  }
  func live(_ scope: ImplicitScope) -> [String] {
    @Implicit var tracer: Tracer // expected-note@:19 {{'Tracer' is read here}}
    return []
  }
  func fetch(id: Int, _ scope: ImplicitScope) async -> String {
    @Implicit var config: Config // expected-note@:19 {{'Config' is read here}}
    return "\(id)@\(config.region)"
  }
  private func fetch(_ id: Int, _ scope: ImplicitScope) -> String { "" }
}

enum OrderHandler {
  static func handle(ids: [Int], _ scope: ImplicitScope) async -> [String] {
    let repository = OrderRepository.live(scope)
    return await withTaskGroup(of: String.self) { group in // expected-note@:49 {{'Config' is required by the closure created here}}
      for id in ids {
        group.addTask { // expected-note@:23 {{'Config' is required by the closure created here}}
          await repository.fetch(id: id, scope) // expected-note@:17 {{'Config' is required by the call to 'fetch(id:_:)' here}}
        }
      }
      var results: [String] = []
      for await result in group { results.append(result) }
      return results
    }
  }

  static func handleTraced(ids: [Int], _ scope: ImplicitScope) async -> [String] {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var tracer = Tracer()
    let repository = OrderRepository()
    _ = repository.live(scope)
    async let first = repository.fetch(id: ids.first ?? 0, scope)
    let rest = await handle(ids: Array(ids.dropFirst()), scope)
    return [await first] + rest
  }

  static func schedule(_ scope: ImplicitScope) {
    let repository = OrderRepository()
    DispatchQueue.global().async { [implicits = #implicits] in // expected-note@:49 {{'Tracer' is captured by the '#implicits' bag here}}
      withScope(with: implicits) { scope in
        _ = repository.live(scope) // expected-note@:13 {{'Tracer' is required by the call to 'live(_:)' here}}
      }
    }
  }
}

func serve() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Tracer' at this entry point}}
  defer { scope.end() }
  @Implicit var config = Config()
  _ = await OrderHandler.handleTraced(ids: [1, 2], scope)
  OrderHandler.schedule(scope) // expected-note@:3 {{'Tracer' is required by the call to 'schedule(_:)' here}}
}

func serveWithoutConfig() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Config' at this entry point}}
  defer { scope.end() }
  @Implicit var tracer = Tracer()
  _ = await OrderHandler.handle(ids: [1], scope) // expected-note@:13 {{'Config' is required by the call to 'handle(ids:_:)' here}}
}

func serveDetached() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = Config()
  Task.detached {
    _ = await OrderHandler.handle(ids: [1], scope) // expected-error@:15 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Config' of the enclosing scope}}
  }
}
