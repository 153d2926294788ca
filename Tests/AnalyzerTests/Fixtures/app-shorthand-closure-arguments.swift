// A closure that names no parameters passes the scope as `$N`: a command-line tool's table
// of subcommands (`{ try await SyncCommand().run($0, $1) }`). Where the closure is stored
// as, or passed for, a closure type that takes a scope, `$N` at the scope's position is
// that scope, and what the calls through it need is checked where the table is called.
// Elsewhere `$N` is an ordinary value (`sorted { $0 < $1 }`).
import Implicits

struct HTTPClient { init() {} }
struct Preferences { init() {} }
struct Router { init() {} }

struct ListCommand {
  func run(_ arguments: [String], _ scope: ImplicitScope) async throws -> String {
    @Implicit var preferences: Preferences
    return arguments.map { $0.uppercased() }.sorted { $0 < $1 }.joined()
  }
}

struct SyncCommand {
  func run(_ arguments: [String], _ scope: ImplicitScope) async throws -> String {
    @Implicit var client: HTTPClient // expected-note@:19 {{'HTTPClient' is read here}}
    return arguments.joined()
  }
}

enum SettingsTool {
  static let commands: [String: ([String], ImplicitScope) async throws -> String] = [
    "list": { try await ListCommand().run($0, $1) },
    "sync": { try await SyncCommand().run($0, $1) }, // expected-note@:13 {{'HTTPClient' is required by}} // expected-note@:25 {{'HTTPClient' is required by the call to 'run(_:_:)' here}}
  ]

  static func main(_ arguments: [String]) async throws -> String {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var preferences = Preferences()
    @Implicit var client = HTTPClient()
    guard let name = arguments.first, let command = commands[name] else { return "usage" }
    return try await command(Array(arguments.dropFirst()), scope)
  }

  // Broken: the sync subcommand reads the HTTP client, which is not declared.
  static func offline(_ arguments: [String]) async throws -> String {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'HTTPClient' at this entry point}}
    defer { scope.end() }
    @Implicit var preferences = Preferences()
    guard let command = commands[arguments[0]] else { return "usage" }
    return try await command(arguments, scope) // expected-note@:22 {{'HTTPClient' is required by}}
  }
}
