import Implicits
import MailCore

@MainActor
public final class NotesCoordinator: Coordinator {
  public var children: [any Coordinator] = []
  public let model: NotesViewModel
  private unowned let router: any Router
  public private(set) var saved: [String] = []

  public init(router: any Router, _ scope: ImplicitScope) {
    self.router = router
    model = NotesViewModel(scope)
  }

  public func start() {
    router.show(model.greeting)
    model.onSaved = { [weak self] note in
      self?.saved.append(note.title)
      self?.router.show("saved \(note.title)")
    }
  }

  public func edit(_ id: Int, text: String) async throws {
    guard var note = model.notes.first(where: { $0.id == id }) else { return }
    note.text = text
    try await model.save(note)
  }
}
