// The seventh blind round (session 16), written from the README and the DocC catalog before
// the analyzer ran: a SwiftUI-style shop without SwiftUI (Facade: a `View` protocol with
// result builders, an environment holding a bag, preview factories, a route table), a game
// loop over `[any System]` (Arcade), an async pipeline with streams, task groups, `Result`
// and typed throws (Conduit), a plugin registry over protocols with associated types and
// static requirements (Plugboard), hand-written named keys (BlindKit), and Swift Testing and
// XCTest tests (BlindTests). Built against the runtime only (`traits: []`) and run to the end,
// tests included. The analyzer disagreed at `AsyncStream { continuation in … }` (false error),
// `P.boot(scope)` on a generic parameter (false unresolved-call, and P4 missed), a bag handed on
// as `environment.implicits` (missed), a read under `#if DEBUG` in another module (known issue).
// This copy plants six mistakes, P1–P6, each confirmed to stop the program at run time with
// a missing-implicit message naming the key the marker names.
import Arcade
import BlindKit
import Conduit
import Facade
import Implicits
import Plugboard

let orderLines = [
  "1,tea,2", "2,cake,1", "oops", "3,tea,1", "", "4,jam,3", "5,cake,x", "6,jam,1",
]

#if DEBUG
let isDebugBuild = true
#else
let isDebugBuild = false
#endif

@main
struct BlindApp {
  static func main() async {
    let journal = Journal()
    let metrics = MemoryMetrics()
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'PhysicsConfig' at this entry point; declare it in this scope (e.g. '@Implicit var physicsConfig = PhysicsConfig(…)') before it is needed}} // P1: the app never declares PhysicsConfig; the runtime stops in GravitySystem.init (Systems.swift:19, 'Arcade.PhysicsConfig')
    defer { scope.end() }
    @Implicit var journalService = journal
    @Implicit((any MetricsSink).self) var metrics2 = metrics as any MetricsSink
    @Implicit var prices = PriceList(["tea": Money(cents: 300), "cake": Money(cents: 450), "jam": Money(cents: 125)])
    @Implicit(\.locale) var locale = "en"
    @Implicit(\.exchangeRate) var exchangeRate = 0.9
    @Implicit(\.debugOverlay) var debugOverlay = isDebugBuild

    let shop = makeShop(items: ["cake"], scope)
    shop.forEach { print($0) }

    let world = playRound(scope) // expected-note@:17 {{'PhysicsConfig' is required by the call to 'playRound(_:)' here}} // expected-note@:17 {{'PhysicsConfig' is required by the call to 'GameLoop.init(world:_:)' in 'playRound(_:)' at app-written-blind-arcade-planted/2-Arcade/GameLoop.swift:55:14}} // expected-note@:17 {{'PhysicsConfig' is required by the call to 'GravitySystem.init(_:)' in 'GameLoop.init(world:_:)' at app-written-blind-arcade-planted/2-Arcade/GameLoop.swift:12:21}} // expected-note@:17 {{'PhysicsConfig' is read in 'GravitySystem.init(_:)' at app-written-blind-arcade-planted/2-Arcade/Systems.swift:19:17}}
    print("scores: \(sum(world.entities, \.score, scope))")
    print("world after \(world.tick) ticks: \(world.entities.map(\.name))")

    let report = await runPipeline(orderLines, scope)
    print("pipeline: \(report.records.count) records, \(report.rejected) rejected, total \(report.total), abroad \(report.foreignTotal)")
    switch await checkedPipeline(["x"], scope) {
    case .success: print("unexpected success")
    case .failure(let error): print("empty pipeline: \(error)")
    }
    print(quantities(report.records, scope))
    print("valid ids: \(validRecords(orderLines, scope).map(\.id))")

    for line in demoPlugins(scope) { print("plugin: \(line)") }

    serve(scope)
    Previews.all.keys.sorted().forEach { name in
      print("preview \(name): \(Previews.all[name]!())")
    }
    print("journal: \(journal.lines.count) lines, metrics total \(metrics.total)")
    print("done")
  }
}

/// Sends a few requests through the router, in French.
func serve(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.locale) var locale = "fr"
#if DEBUG
  let router = shopRouter(debug: true)
#else
  let router = shopRouter(debug: false)
#endif
  let requests = [
    Request(path: "/hello", query: ["name": "zoe"]),
    Request(path: "/price", query: ["id": "jam"]),
    Request(path: "/journal"),
    Request(path: "/nowhere"),
  ]
  for response in requests.map({ router.handle($0, scope) }) {
    print("\(response.status) \(response.body)")
  }
}
