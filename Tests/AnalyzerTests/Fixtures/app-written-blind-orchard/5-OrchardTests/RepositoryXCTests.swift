// XCTest: every test method runs with the journal and a profile; async tests declare
// their own values.
import ImplicitsTesting
import OrchardCore
import OrchardPipeline
import XCTest

final class RepositoryXCTests: XCTestCase {
  override func invokeTest() {
    withImplicits({
      @Implicit var journal = Journal(name: "xctest")
      @Implicit var profile = SoilProfile(dry: 0.4, hot: 30)
      @Implicit(\.region) var region = "xc"
    }) {
      super.invokeTest()
    }
  }

  func testDryBeds() {
    withScope { scope in
      let repository = Repository<Survey>(label: "xc", scope)
      saveAll(
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
    let surveys = await withImplicits({
      @Implicit var journal = Journal(name: "async")
      @Implicit var clock: any Clock = ManualClock(start: 0)
      @Implicit var sensors: any SensorSource = TableSensors([BedID(5): [.moisture(0.7)]])
      @Implicit(\.verbose) var verbose = false
    }) {
      await withScope { scope in
        @Implicit var cache = ReadingCache(name: "test", maxAge: 0, scope)
        return await surveyAll([BedID(5)], scope)
      }
    }
    XCTAssertEqual(surveys, [Survey(bed: BedID(5), moisture: 0.7, faults: 0)])
  }
}
