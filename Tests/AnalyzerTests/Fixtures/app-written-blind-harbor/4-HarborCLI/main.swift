// `harbor all` runs every correct path of the server and the app; `harbor p1` … `harbor p6`
// each run one planted mistake (see the P-notes where they are). Compiled runtime-only with
// the support files the analyzer writes and run: `all` runs to the end, each planted mistake
// stops on the key reported here. One disagreement is left (marked "stricter than the
// runtime"): `\.tenant`, which the authentication middleware declares before it calls
// `next`, is required wherever the router's chain is called, because a call through a
// `Handler` value needs what every `Handler` closure needs (DocC, Build-time analysis).
// A miss was fixed (masked here because handlers read the same keys): `Router.respond` calls
// each middleware in `{ request, scope in … layer(request, scope, next) }`, whose parameters
// are untyped, and what the middleware alone reads was never required (fixture
// app-middleware-composed-with-reduce).
import Foundation
import HarborApp
import HarborCore
import HarborServer
import Implicits

let acme = ["authorization": "Bearer acme-1", "x-request-id": "r1"]

func serveEverything() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.tenant' of HarborCore at this entry point}} // '\.tenant': stricter than the runtime (the auth middleware declares it)
  defer { scope.end() }
  @Implicit var logger = Logger(label: "server")
  @Implicit var metrics = Metrics()
  @Implicit var config = ServerConfig.local
  @Implicit var pool = ConnectionPool(size: 2, tables: SeedData.tables)
  @Implicit var mailer = LegacyMailer()

  let server = HarborServer(scope)
  print("server:", server.summary)
  let responses = await server.handleAll([ // expected-note@:25 {{'\.tenant' of HarborCore is required by the call to 'handleAll(_:_:)' here}} // expected-note@:25 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' in a closure in 'HarborServer.handleAll(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:34:25}} // expected-note@:25 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:25 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}
    Request("GET", "/users", headers: acme),
    Request("GET", "/users/first", headers: ["authorization": "Bearer globex-2"]),
    Request("POST", "/users/search", headers: ["authorization": "Bearer acme-3", "q": "B"]),
    Request("GET", "/photos", headers: acme),
    Request("GET", "/status", headers: acme),
    Request("GET", "/users", headers: [:]),
    Request("GET", "/nowhere", headers: acme),
  ], scope)
  for response in responses { print("  \(response.status) \(response.body)") }
  print("warm-up:", await server.warmUp(scope)) // expected-note@:27 {{'\.tenant' of HarborCore is required by the call to 'warmUp(_:)' here}} // expected-note@:27 {{'\.tenant' of HarborCore is required by the call to 'handle(_:_:)' in 'HarborServer.warmUp(_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:46:24}} // expected-note@:27 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' in 'HarborServer.handle(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:26:11}} // expected-note@:27 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:27 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}

  let router = Router()
  router.use(StandardMiddleware.authentication)
  SettingsRoutes.register(on: router, settings: TenantSettings(["acme": ["theme": "dark"]]))
  print("settings:", await router.respond(to: Request("GET", "/settings/theme", headers: acme), scope).body) // expected-note@:28 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' here}} // expected-note@:28 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:28 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}

  let user = User(id: 1, name: "ada", tenant: "acme")
  let requestScope = scope.nested()
  defer { requestScope.end() }
  @Implicit(\.requestID) var requestID = "mail-1"
  print("welcome:", (try? await Notifier.welcome(user, requestScope)) ?? -1)
  let digest: Result<Int, Error> = await withCheckedContinuation { continuation in
    Notifier.welcomeAll([user], requestScope) { continuation.resume(returning: $0) }
  }
  print("digest:", (try? digest.get()) ?? -1, "mail metric:", metrics["mail"])
  print("flush:", await MetricsFlusher.flushWithBag(requestScope), await MetricsFlusher.flushInChild(requestScope))
  var buffer: [String] = []
  Reports.append(Reports.sample, to: &buffer, requestScope)
  print(buffer.joined(separator: "\n"))
  print("log lines:", logger.count)
}

func launchApp() {
  print("app:", AppLauncher.launch(showGallery: false))
}

func p1() async {  // P1: no ConnectionPool; the /users handler reads it through Repository.all
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'ConnectionPool' and '\.tenant' of HarborCore at this entry point}} // '\.tenant': stricter than the runtime (the auth middleware declares it)
  defer { scope.end() }
  @Implicit var logger = Logger(label: "p1")
  @Implicit var metrics = Metrics()
  @Implicit var config = ServerConfig.local
  let server = HarborServer(scope)
  print(await server.handle(Request("GET", "/users", headers: acme), scope)) // expected-note@:15 {{'ConnectionPool' and '\.tenant' of HarborCore are required by the call to 'handle(_:_:)' here}} // expected-note@:15 {{'ConnectionPool' is required by the call to 'respond(to:_:)' in 'HarborServer.handle(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:26:11}} // expected-note@:15 {{'ConnectionPool' is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'withConnection(_:_:)')}} // expected-note@:15 {{'ConnectionPool' is read in 'withConnection(_:_:)' at app-written-blind-harbor/1-HarborCore/Database.swift:52:17}} // expected-note@:15 {{'\.tenant' of HarborCore is required by the call to 'respond(to:_:)' in 'HarborServer.handle(_:_:)' at app-written-blind-harbor/2-HarborServer/Server.swift:26:11}} // expected-note@:15 {{'\.tenant' of HarborCore is required by the '(_, ImplicitScope)' closures that the call in 'Router.respond(to:_:)' at app-written-blind-harbor/2-HarborServer/Routing.swift:79:24 may run (one calls 'TenantSettings.subscript(_:_:)')}} // expected-note@:15 {{'\.tenant' of HarborCore is read in 'TenantSettings.subscript(_:_:)' at app-written-blind-harbor/2-HarborServer/Handlers.swift:78:29}}
}

func p4() async {
  await withScope { scope in
    @Implicit var metrics = Metrics()
    print(await MetricsFlusher.flushInBackground(scope))
  }
}

func p6() {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit '\.indent' of HarborServer at this entry point}}
    @Implicit var logger = Logger(label: "p6")
    print(Reports.export(Reports.sample, scope)) // expected-note@:11 {{'\.indent' of HarborServer is required by the call to 'export(_:_:)' here}} // expected-note@:11 {{'\.indent' of HarborServer is required by the call to 'render(_:_:)' in 'Reports.export(_:_:)' at app-written-blind-harbor/2-HarborServer/Reports.swift:51:5}} // expected-note@:11 {{'\.indent' of HarborServer is read in 'PayloadRenderer.render(_:_:)' at app-written-blind-harbor/2-HarborServer/Reports.swift:15:29}}
  }
}

switch CommandLine.arguments.dropFirst().first ?? "all" {
case "all":
  await serveEverything()
  launchApp()
case "p1": await p1()
case "p2": print(AppLauncher.launch(showGallery: true))
case "p3": print(AppLauncher.launchWidget())
case "p4": await p4()
case "p6": p6()
case let other: print("unknown command \(other)")
}
