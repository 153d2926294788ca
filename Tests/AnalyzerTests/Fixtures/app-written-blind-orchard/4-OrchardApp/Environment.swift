// An environment value in the style of SwiftUI's: views that make their own models
// receive a bag through it and hand it to the model's factory.
import Implicits
import OrchardCore

struct OrchardEnvironment {
  var implicits = Implicits()
  var theme = "light"
}

/// What a view would do in `body`: build its model from the environment's bag.
@MainActor struct BedView {
  let environment: OrchardEnvironment
  let bed: BedID

  func makeModel() -> BedDetailModel {
    BedDetailModel.make(bed, with: environment.implicits)
  }
}

extension BedDetailModel {
  static func make(_ bed: BedID, with implicits: Implicits) -> BedDetailModel {
    withScope(with: implicits) { scope in BedDetailModel(bed, scope) }
  }
}

#if DEBUG
  /// Previews: the screen with canned services, as `#Preview` would build it.
  @MainActor enum Previews {
    static func garden() -> GardenViewModel {
      withScope { scope in
        @Implicit var journal = Journal(name: "preview")
        @Implicit(\.region) var region = "preview"
        @Implicit var profile = SoilProfile(dry: 0.5, hot: 30)
        @Implicit var clock: any Clock = ManualClock(start: 0)
        @Implicit var sensors: any SensorSource = TableSensors([BedID(1): [.moisture(0.4)]])
        @Implicit(\.verbose) var verbose = false
        @Implicit var cache = ReadingCache(name: "preview", maxAge: 0, scope)
        return GardenViewModel(scope)
      }
    }

    static func detail() -> BedDetailModel {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var profile = SoilProfile(dry: 0.5, hot: 30)
      @Implicit var journal = Journal(name: "preview")
      return BedDetailModel(BedID(1), scope)
    }
  }
#endif

/// The clock of the platform the app runs on.
func platformClock() -> any Clock {
  #if os(Linux)
    return ManualClock(start: 1_000)
  #else
    return ManualClock(start: 0)
  #endif
}
