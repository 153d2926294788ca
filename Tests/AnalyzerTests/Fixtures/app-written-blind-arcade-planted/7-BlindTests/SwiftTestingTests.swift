import Arcade
import BlindKit
import Conduit
import Facade
import ImplicitsTesting
import Plugboard
import Testing

@Suite(.implicits {
  @Implicit var journal = Journal(name: "tests")
  @Implicit((any MetricsSink).self) var metrics = MemoryMetrics()
  @Implicit(\.locale) var locale = "de"
})
struct BlindSuite {
  @Test func greetsInTheSuitesLocale() {
    withScope { scope in
      #expect(Format.greeting(for: "Ida", scope) == "Hallo, Ida")
    }
  }

  @Test(.implicits {
    @Implicit var prices = PriceList(["tea": Money(cents: 100)])
    @Implicit(\.exchangeRate) var exchangeRate = 2.0
  })
  func pricesAPipeline() async {
    let report = await withScope { scope in
      await runPipeline(["1,tea,3", "bad"], scope)
    }
    #expect(report.total == Money(cents: 300))
    #expect(report.foreignTotal == Money(cents: 600))
    #expect(report.rejected == 1)
  }

  @Test(.implicits { @Implicit var physics = PhysicsConfig(gravity: 0, floor: -100, dt: 1) })
  func playsWithoutGravity() {
    let world = withScope { scope in playRound(scope) }
    #expect(world.tick == 8)
    #expect(world.entities.count == 3)
  }

  @Test func bootsPluginsWithAPrefix() {
    withScope { scope in
      @Implicit var journal: Journal
      let lines = demoPlugins(scope)
      #expect(lines[0] == "HI!")
      #expect(lines[1] == "ho ho")
      #expect(lines[3] == "CBA!")
      #expect(journal.lines.contains("[de] plug:upper booted"))
    }
  }

  @Test func healsAWorld() { // expected-error@:14 [unresolved-implicit] {{unresolved implicit '\.damageScale' of BlindKit at this entry point; declare it in this scope (e.g. '@Implicit(\.damageScale) var damageScale = …') before it is needed}} // P6: heal needs a damage scale the suite does not declare; the runtime stops in heal (GameLoop.swift:68, 'DamageScaleKey')
    var world = World(entities: [Entity(name: "eve", position: .zero, velocity: .zero, health: 1)])
    withScope { scope in heal(&world, by: 4, scope) } // expected-note@:26 {{'\.damageScale' of BlindKit is required by the call to 'heal(_:by:_:)' here}} // expected-note@:26 {{'\.damageScale' of BlindKit is read in 'heal(_:by:_:)' at app-written-blind-arcade-planted/2-Arcade/GameLoop.swift:68:32}}
    #expect(world.entities[0].health == 5)
  }

  @Test(arguments: ["1,a,1", "2,b,2"])
  func parsesEachLine(_ line: String) throws {
    let record = try withScope { scope in try RecordParser.parse(line, scope) }
    #expect(record.quantity == record.id)
  }
}
