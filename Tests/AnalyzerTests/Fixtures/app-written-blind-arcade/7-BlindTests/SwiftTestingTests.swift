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

  @Test(arguments: ["1,a,1", "2,b,2"])
  func parsesEachLine(_ line: String) throws {
    let record = try withScope { scope in try RecordParser.parse(line, scope) }
    #expect(record.quantity == record.id)
  }
}
