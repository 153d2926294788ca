// Navigation between the garden's screens. Screens report back through callbacks the
// coordinator sets; each callback restores the coordinator's values.
import Implicits
import OrchardCore
import OrchardPipeline

@MainActor final class Screen {
  let name: String
  var onDone: ((String) -> Void)?
  var onSelect: ((BedID, ImplicitScope) -> Void)?
  init(_ name: String) { self.name = name }

  func tapDone() { onDone?(name) }
}

@MainActor final class GardenCoordinator {
  private let implicits: Implicits
  private(set) var stack: [Screen] = []
  private(set) var selections: [BedID] = []
  var onFinish: ((Int) -> Void)?

  init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  func start() {
    let list = Screen("list")
    list.onDone = { [weak self] name in self?.finish(from: name) }
    list.onSelect = { [weak self] bed, scope in
      self?.selections.append(bed)
      remember(bed, scope)
    }
    stack.append(list)
  }

  /// A row was selected: the callback runs in the coordinator's values.
  func select(_ bed: BedID) {
    guard let top = stack.last else { return }
    withScope(with: implicits) { scope in
      top.onSelect?(bed, scope)
    }
  }

  private func finish(from name: String) {
    let count = withScope(with: implicits) { scope in
      @Implicit var journal: Journal
      journal.write("finished from \(name) with \(selections.count) selected")
      return selections.count
    }
    stack.removeAll()
    onFinish?(count)
  }
}

func remember(_ bed: BedID, _ scope: ImplicitScope) {
  @Implicit(\.region) var region: String
  @Implicit var journal: Journal
  journal.write("\(region): selected \(bed)")
}
