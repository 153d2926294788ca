// The seventh blind round (session 16), written from the README and the DocC catalog before
// the analyzer ran: a SwiftUI-style shop without SwiftUI (Facade: a `View` protocol with
// result builders, an environment holding a bag, preview factories, a route table), a game
// loop over `[any System]` (Arcade), an async pipeline with streams, task groups, `Result`
// and typed throws (Conduit), a plugin registry over protocols with associated types and
// static requirements (Plugboard), hand-written named keys (BlindKit), and Swift Testing and
// XCTest tests (BlindTests). Built against the runtime only (`traits: []`) and run to the end,
// tests included. The analyzer disagreed at `AsyncStream { continuation in … }` (false error),
// `P.boot(scope)` on a generic parameter (false unresolved-call, and P4 missed), a bag handed on
// as `environment.implicits` (missed), a read under `#if DEBUG` in another module (a false error
// until session 17's interface format 5; the app declares the overlay in DEBUG builds, as written).
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
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var journalService = journal
    @Implicit((any MetricsSink).self) var metrics2 = metrics as any MetricsSink
    @Implicit var prices = PriceList(["tea": Money(cents: 300), "cake": Money(cents: 450), "jam": Money(cents: 125)])
    @Implicit var physics = PhysicsConfig(gravity: -10, floor: 0, dt: 0.5)
    @Implicit(\.locale) var locale = "en"
    @Implicit(\.exchangeRate) var exchangeRate = 0.9
#if DEBUG
    @Implicit(\.debugOverlay) var debugOverlay = true
#endif

    let shop = makeShop(items: ["cake"], scope)
    shop.forEach { print($0) }

    let world = playRound(scope)
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
