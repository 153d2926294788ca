// The garden screen's model. It reads its services when it is created and keeps a bag
// for the work its buttons start later.
import Implicits
import Observation
import OrchardCore
import OrchardPipeline

@MainActor @Observable final class GardenViewModel {
  @ObservationIgnored @Implicit var journal: Journal
  @ObservationIgnored @Implicit(\.region) var region: String
  @ObservationIgnored private let implicits = Implicits.captureAll()

  var surveys: [Survey] = []
  var status = "idle"
  var given = Ration.none

  init(_ scope: ImplicitScope) {}

  var title: String { "Garden \(region)" }

  /// The refresh button: surveys every bed in the model's values.
  func refresh(_ beds: [BedID]) async {
    status = "surveying"
    surveys = await withScope(with: implicits) { scope in
      await surveyAll(beds, scope)
    }
    status = "surveyed \(surveys.count)"
    journal.write("\(region): refreshed \(surveys.count) beds")
  }

  /// The water button.
  func water(_ bed: BedID, litres: Double) {
    do {
      given += try withScope(with: implicits) { scope in
        try irrigate(bed, Ration(litres: litres), scope)
      }
      status = "watered \(bed)"
    } catch {
      status = "failed \(bed): \(error)"
    }
  }

  /// A detail model for one bed, made in this model's values.
  func detail(for bed: BedID) -> BedDetailModel {
    withScope(with: implicits) { scope in BedDetailModel(bed, scope) }
  }
}

@MainActor @Observable final class BedDetailModel {
  @Implicit @ObservationIgnored var profile: SoilProfile
  @ObservationIgnored private let implicits: Implicits
  let bed: BedID
  var advice = ""

  init(_ bed: BedID, _ scope: ImplicitScope) {
    self.bed = bed
    implicits = Implicits.captureAll()
  }

  func advise(moisture: Double) {
    if moisture < profile.dry {
      advice = "water \(bed)"
      withScope(with: implicits) { scope in
        @Implicit var journal: Journal
        journal.write("advice for \(bed): water")
      }
    } else {
      advice = "leave \(bed)"
    }
  }
}
