// Swift Testing: fakes for a whole suite, one test overriding a value.
import ImplicitsTesting
import OrchardCore
import OrchardPipeline
import Testing

@Suite(
  .implicits {
    @Implicit var journal = Journal(name: "tests")
    @Implicit var profile = SoilProfile(dry: 0.5, hot: 30)
    @Implicit(\.region) var region = "test-bed"
  })
struct IrrigationTests {
  @Test func metersInTheBedsRegion() throws {
    let given = try withScope { scope in
      try irrigate(BedID(7), Ration(litres: 4), scope)
    }
    #expect(given == Ration(litres: 4))
    @Implicit var journal: Journal
    #expect(journal.lines.contains("bed-7: metered 4.0L"))
    #expect(journal.lines.last == "closed bed-7")
  }

  @Test func aStuckValveClosesAndThrows() {
    #expect(throws: OrchardError.valveStuck(BedID(13))) {
      // The suite's journal is visible here (app-test-trait-in-place-closure).
      try withScope { scope in try irrigate(BedID(13), Ration(litres: 1), scope) }
    }
    @Implicit var journal: Journal
    #expect(journal.lines == ["closed bed-13"])
  }

  @Test(.implicits { @Implicit(\.verbose) var verbose = false })
  func quietRulesLeaveOutHeat() {
    let names = withScope { scope in standardRules(scope).map(\.name) }
    #expect(names == ["dry", "fault"])
  }

  @Test(.implicits {
    @Implicit var sensors: any SensorSource = TableSensors([BedID(1): [.moisture(0.1)]], flaky: [BedID(1): 1])
    @Implicit(\.verbose) var verbose = false
  })
  func retriesAnOfflineSensor() throws {
    let readings = try withScope { scope in try probe(BedID(1), scope) }
    #expect(readings == [.moisture(0.1)])
  }

  @Test(.implicits { @Implicit var clock: any Clock = ManualClock(start: 0) })
  func reducerWatersADryBed() async {
    let store = withScope { scope in
      @Implicit(\.verbose) var verbose = true
      return GardenStore(reducer: gardenReducer(scope))
    }
    await store.send(.sensed(BedID(2), .moisture(0.2)))
    let state = await store.state
    #expect(state.given == Ration(litres: 2))
    #expect(state.alarms == ["bed-2:dry"])
  }
}
