// A test helper hands its body a scope; the body starts child tasks, each nesting a scope
// of its own on it (`withScope(nesting: scope) { scope in … }`, the parameter named like
// the helper's). The nested scope's parameter is a scope, whatever the outer name was.
import Implicits

struct Logger { func log(_ line: String) {} }
struct Router {
  func handle(_ path: String, _ scope: ImplicitScope) async throws -> Int {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    @Implicit(\.userID) var userID: String
    logger.log("\(userID) \(path)")
    return 200
  }
}

extension ImplicitsKeys {
  static let userID = Key<String>()
}

func withServer<R>(_ body: (ImplicitScope) async throws -> R) async rethrows -> R {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  return try await body(scope)
}

func ratingsInParallel(_ router: Router) async throws -> [Int] {
  try await withServer { scope in
    try await withThrowingTaskGroup(of: Int.self) { group in
      for path in ["/a", "/b"] {
        group.addTask {
          try await withScope(nesting: scope) { scope in
            @Implicit(\.userID) var userID = "ann"
            return try await router.handle(path, scope)
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }
}

// Broken: no logger where the tasks start.
func ratingsWithoutServer(_ router: Router) async throws -> [Int] {
  try await withScope { scope in // expected-error@:13 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
    try await withThrowingTaskGroup(of: Int.self) { group in // expected-note@:51 {{'Logger' is required by the closure created here}}
      group.addTask { // expected-note@:21 {{'Logger' is required by the closure created here}}
        try await withScope(nesting: scope) { scope in
          @Implicit(\.userID) var userID = "bo"
          return try await router.handle("/c", scope) // expected-note@:28 {{'Logger' is required by the call to 'handle(_:_:)' here}}
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }
}
