// An ArgumentParser-style CLI: each subcommand is a type with a name and an async `run`,
// and opens the root scope of its own work. `studio all` runs every correct path;
// `export`, `sync`, `rename` and `poll` are the planted mistakes P1, P4, P3 and P2.
import Foundation
import Implicits
import StudioApp
import StudioCore

protocol Command {
  static var name: String { get }
  static var abstract: String { get }
  init()
  func run() async throws
}

struct All: Command {
  static let name = "all"
  static let abstract = "run every correct path of the studio"

  func run() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger(label: "cli")
    @Implicit var store = KeyValueStore()
    @Implicit var flags = FeatureFlags(experimentalExport: true)
    @Implicit var clock = Clock.fixed
    @Implicit(\.authToken) var token = "t0k3n"
    @Implicit(\.author) var author = "ann"
    @Implicit var settings = UserSettings(darkMode: true, fontSize: 3)
    Implicit.map(UserSettings.self, to: Theme.self) { theme(for: $0) }
    @Implicit var analytics = AnalyticsService()
    @Implicit((any HTTPTransport).self) var transport = ScriptedTransport(
      answers: ["/documents": "Intro,Outline", "/me": "ann", "/a": "aaa", "/b": "bb",
                "/upload/a": "ok", "/feed": "news"],
      failures: ["/a": 2]
    )

    let library = await Studio.bootLibrary(scope)
    print("library:", library)
    print("sync:", try await Studio.syncNow(["/a", "/b"], scope))
    print("export:", Studio.export("intro", text: "Hello", scope))
    print("edit:", Studio.edit(scope))
    print("index:", await Studio.index(["swift is fun", "tea", "swift tasks"], scope))
    print("poll:", try await Studio.uploadAndPoll(broken: false, scope))
    print("plugins:", Studio.plugins(scope))
    print("play:", await Studio.play(scope))
    print("pair:", await Studio.fetchPair(scope))
    print("analytics:", Studio.analyticsEvents(scope))
    print("status:", CoreServices(scope).status(scope))
    print("timeline:", try await Studio.timeline(logger, clock))
    print("refresh:", await Studio.refresh(scope))
    print("log lines:", logger.all.count)
  }
}

struct Export: Command {
  static let name = "export"
  static let abstract = "P1: export without a clock"

  func run() async throws {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger(label: "export")
    @Implicit var flags = FeatureFlags()
    print(Studio.export("intro", text: "Hello", scope)) // expected-note@:11 {{'Clock' is required by the call to 'export(_:text:_:)' here}} // expected-note@:11 {{'Clock' is required by the call to 'export(_:_:)' in 'Studio.export(_:text:_:)' at app-written-blind-studio/2-StudioApp/Workspace.swift:55:5}} // expected-note@:11 {{'Clock' is required by the call to 'ExportFormatter.init(_:)' in 'DocumentExporter.export(_:_:)' at app-written-blind-studio/2-StudioApp/Editor.swift:108:21}} // expected-note@:11 {{'Clock' is read in 'ExportFormatter.init(_:)' at app-written-blind-studio/2-StudioApp/Editor.swift:114:17}}
  }
}

struct Sync: Command {
  static let name = "sync"
  static let abstract = "P4: sync without a token"

  func run() async throws {
    try await withScope { scope in // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.authToken' of StudioCore at this entry point}}
      @Implicit var logger = Logger(label: "sync")
      @Implicit((any HTTPTransport).self) var transport = ScriptedTransport(answers: ["/me": "ann", "/a": "a"])
      print(try await Studio.syncNow(["/a"], scope)) // expected-note@:23 {{'\.authToken' of StudioCore is required by the call to 'syncNow(_:_:)' here}} // expected-note@:23 {{'\.authToken' of StudioCore is required by the call to 'pull(_:)' in 'Studio.syncNow(_:_:)' at app-written-blind-studio/2-StudioApp/Workspace.swift:48:38}} // expected-note@:23 {{'\.authToken' of StudioCore is required by the call to 'get(_:_:)' in 'SyncEngine.pull(_:)' at app-written-blind-studio/2-StudioApp/Networking.swift:48:25}} // expected-note@:23 {{'\.authToken' of StudioCore is required by the call to 'authorizationHeader(_:)' in 'APIClient.get(_:_:)' at app-written-blind-studio/2-StudioApp/Networking.swift:13:18}} // expected-note@:23 {{'\.authToken' of StudioCore is read in 'authorizationHeader(_:)' at app-written-blind-studio/1-StudioCore/Settings.swift:60:30}}
    }
  }
}

struct Rename: Command {
  static let name = "rename"
  static let abstract = "P3: undo of a rename whose bag has no author"

  func run() async throws {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit '\.author' of StudioCore at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger(label: "rename")
    @Implicit var store = KeyValueStore()
    print(Studio.renameAndUndo("draft", scope)) // expected-note@:11 {{'\.author' of StudioCore is required by the call to 'renameAndUndo(_:_:)' here}} // expected-note@:11 {{'\.author' of StudioCore is required by the call to 'rename(to:_:)' in 'Studio.renameAndUndo(_:_:)' at app-written-blind-studio/2-StudioApp/Workspace.swift:74:5}} // expected-note@:11 {{'\.author' of StudioCore is required by the call to 'stampAndSave(_:_:_:)' in a closure in 'DocumentSession.rename(to:_:)' at app-written-blind-studio/2-StudioApp/Editor.swift:67:9}} // expected-note@:11 {{'\.author' of StudioCore is read in 'stampAndSave(_:_:_:)' at app-written-blind-studio/2-StudioApp/Editor.swift:99:27}}
  }
}

struct Poll: Command {
  static let name = "poll"
  static let abstract = "P2: a detached poller with an empty root scope"

  func run() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger(label: "poll")
    @Implicit((any HTTPTransport).self) var transport = ScriptedTransport(answers: ["/upload/a": "ok", "/feed": "news"])
    @Implicit(\.authToken) var token = "t0k3n"
    print(try await Studio.uploadAndPoll(broken: true, scope))
  }
}

let commands: [any Command.Type] = [All.self, Export.self, Sync.self, Rename.self, Poll.self]
let requested = CommandLine.arguments.dropFirst().first ?? "all"
guard let command = commands.first(where: { $0.name == requested }) else {
  print("usage: studio <\(commands.map { $0.name }.joined(separator: "|"))>")
  for command in commands { print("  \(command.name): \(command.abstract)") }
  exit(64)
}
try await command.init().run()
print("done:", requested)
