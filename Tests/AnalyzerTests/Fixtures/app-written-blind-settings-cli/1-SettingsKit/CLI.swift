import Implicits

/// A command-line tool with subcommands: `settings list`, `settings sync <path>`.
public protocol Subcommand {
  static var name: String { get }
  init()
}

extension Subcommand {
  /// The verbose flag is a named key with a default: a subcommand may read it anywhere.
  func log(_ message: String, _ scope: ImplicitScope) -> String {
    @Implicit(\.verbose) var verbose: Bool
    return verbose ? "[\(Self.name)] \(message)" : message
  }
}

public struct ListCommand: Subcommand {
  public static let name = "list"
  public init() {}

  public func run(_ arguments: [String], _ scope: ImplicitScope) async throws -> String {
    @Implicit var preferences: Preferences
    let lines = SettingRow.all.map { "\($0.key)=\(preferences.bool($0.key))" }
    return log(lines.joined(separator: " "), scope)
  }
}

public struct SyncCommand: Subcommand {
  public static let name = "sync"
  public init() {}

  public func run(_ arguments: [String], _ scope: ImplicitScope) async throws -> String {
    @Implicit var client: any HTTPClient // expected-note@:19 {{'any HTTPClient' is read here}}
    let paths = arguments.isEmpty ? ["/settings"] : arguments
    var bodies: [String] = []
    for path in paths {
      bodies.append(try await client.get(path))
    }
    track("sync", scope)
    return log(bodies.joined(separator: "|"), scope)
  }
}

public enum SettingsTool {
  /// Each subcommand by name; a table of closures, since a protocol requirement that takes
  /// a scope cannot be checked.
  static let commands: [String: ([String], ImplicitScope) async throws -> String] = [
    ListCommand.name: { arguments, scope in try await ListCommand().run(arguments, scope) },
    SyncCommand.name: { try await SyncCommand().run($0, $1) }, // expected-note@:23 {{'any HTTPClient' is required by the closure created here}}
    // expected-note@-1:35 {{'any HTTPClient' is required by the call to 'run(_:_:)' here}}
  ]

  /// Runs the subcommand the first argument names, under the services of `environment`.
  public static func main(_ arguments: [String], verbose: Bool) async throws -> String {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var preferences = Preferences(["push": true])
    @Implicit var analytics = Analytics()
    @Implicit(\.locale) var locale = "en_US"
    @Implicit var client: any HTTPClient = makeClient()
    @Implicit(\.verbose) var verboseFlag = verbose
    guard let name = arguments.first, let command = commands[name] else {
      return "usage: settings (list|sync)"
    }
    return try await command(Array(arguments.dropFirst()), scope)
  }

  // Broken: offline, no client is declared, but the sync subcommand reads one.
  public static func offline(_ arguments: [String]) async throws -> String {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'any HTTPClient' at this entry point}}
    defer { scope.end() }
    @Implicit var preferences = Preferences(["push": true])
    @Implicit var analytics = Analytics()
    @Implicit(\.locale) var locale = "en_US"
    guard let command = commands[arguments[0]] else { return "usage" }
    return try await command(arguments, scope) // expected-note@:22 {{'any HTTPClient' is required by the closures this call may run}}
  }
}
