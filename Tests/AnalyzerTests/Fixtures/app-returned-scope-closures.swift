// A Redux-style reducer returns its effects, and a middleware factory returns a handler:
// closures written where a value of a scope-taking closure type is returned (`-> Effect`,
// `-> [Effect]`, `-> (ImplicitScope) -> Void`, explicit `return` or a body of one
// expression) take the scope at the position that type says, as if it were written out.
import Implicits

struct Logger { func log(_ line: String) {} }
struct Database { func save(_ key: String) {} }

typealias Effect = (ImplicitScope) async -> String?
typealias Handler = @Sendable (String, ImplicitScope) async throws -> String

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.log(event)
}

struct Reducer {
  func reduce(_ action: String) -> [Effect] {
    switch action {
    case "save":
      return [
        { scope in // expected-note@:9 {{'Database' is required by the closure created here}}
          @Implicit var database: Database // expected-note@:25 {{'Database' is read here}}
          database.save(action)
          return nil
        },
        { scope in
          track(action, scope)
          return nil
        },
      ]
    default:
      return [logged(action)]
    }
  }

  private func logged(_ action: String) -> Effect {
    { scope in
      track(action, scope)
      return nil
    }
  }
}

func authenticated(_ next: @escaping Handler) -> Handler {
  { request, scope in
    track("auth \(request)", scope)
    return try await next(request, scope)
  }
}

func onOff(_ flag: Bool) -> (ImplicitScope) -> Void {
  if flag {
    return { scope in track("on", scope) }
  }
  return { _ in }
}

func runAll(_ actions: [String]) async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var database = Database()
  for action in actions {
    for effect in Reducer().reduce(action) {
      _ = await effect(scope)
    }
  }
  let handler = authenticated { request, _ in request }
  _ = try await handler("/books", scope)
  onOff(true)(scope)
}

// Broken: the effects of "save" write to a database, and none is declared.
func runWithoutDatabase() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Database' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  for effect in Reducer().reduce("save") {
    _ = await effect(scope) // expected-note@:15 {{'Database' is required by the closures this call may run}}
  }
}

// Broken: a returned closure that takes no scope reads from the scope it was made in.
func makeRetry(_ scope: ImplicitScope) -> () -> Void {
  { track("retry", scope) } // expected-error@:5 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Logger'}}
}

// Broken: typed `(Int) -> Void`, it has no scope of its own either.
func makeRate(_ scope: ImplicitScope) -> (Int) -> Void {
  return { stars in track("rate \(stars)", scope) } // expected-error@:21 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Logger'}}
}
