// XCTest: every test method runs with the journal and a profile; async tests declare
// their own values.
import ImplicitsTesting
import OrchardCore
import OrchardPipeline
import XCTest

final class RepositoryXCTests: XCTestCase {
  override func invokeTest() { // P5: '\.region' is not declared for the tests; the runtime stops in saveAll (testDryBeds)
    withImplicits({
      @Implicit var journal = Journal(name: "xctest")
      @Implicit var profile = SoilProfile(dry: 0.4, hot: 30)
    }) {
      super.invokeTest()
    }
  }

  func testDryBeds() { // expected-error@:8 [unresolved-implicit] {{unresolved implicit '\.region' of OrchardCore at this entry point; declare it in this scope (e.g. '@Implicit(\.region) var region = …') before it is needed}}
    withScope { scope in
      let repository = Repository<Survey>(label: "xc", scope)
      saveAll( // expected-note@:7 {{'\.region' of OrchardCore is required by the call to 'saveAll(_:into:_:)' here}} // expected-note@:7 {{'\.region' of OrchardCore is read in 'saveAll(_:into:_:)' at app-written-blind-orchard-planted/1-OrchardCore/Repository.swift:47:27}}
        [Survey(bed: BedID(1), moisture: 0.2, faults: 0), Survey(bed: BedID(2), moisture: 0.9, faults: 0)],
        into: repository, scope)
      XCTAssertEqual(repository.dryBeds(scope), [BedID(1)])
      XCTAssertEqual(repository.journal.lines.last, "xc: 2 saved into xc")
    }
  }

  func testSeasonIgnoresPickingWhileDormant() {
    var machine = SeasonMachine()
    withScope { scope in machine.handle(.picked(crates: 2), scope) }
    XCTAssertEqual(machine.season, .dormant)
  }

  func testSurveyAsync() async {
    let surveys = await withImplicits({ // expected-error@:25 [unresolved-implicit] {{unresolved implicit 'any Clock' at this entry point; declare it in this scope (e.g. '@Implicit var clock: any Clock = …') before it is needed}} // P6: no clock for the async test; the runtime stops in ReadingCache.init
      @Implicit var journal = Journal(name: "async")
      @Implicit var sensors: any SensorSource = TableSensors([BedID(5): [.moisture(0.7)]])
      @Implicit(\.verbose) var verbose = false
    }) {
      await withScope { scope in
        @Implicit var cache = ReadingCache(name: "test", maxAge: 0, scope) // expected-note@:31 {{'any Clock' is required by the call to 'ReadingCache.init(name:maxAge:_:)' here}} // expected-note@:31 {{'any Clock' is read in 'ReadingCache.init(name:maxAge:_:)' at app-written-blind-orchard-planted/1-OrchardCore/Cache.swift:5:17}}
        return await surveyAll([BedID(5)], scope)
      }
    }
    XCTAssertEqual(surveys, [Survey(bed: BedID(5), moisture: 0.7, faults: 0)])
  }
}
