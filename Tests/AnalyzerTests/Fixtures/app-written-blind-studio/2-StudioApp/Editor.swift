import Implicits
import StudioCore

/// A minimal Combine-like subject: subscribers register with `sink` and get every value.
final class Subject<Output> {
  private var subscribers: [Int: (Output) -> Void] = [:]
  private var nextID = 0

  func send(_ value: Output) {
    for id in subscribers.keys.sorted() { subscribers[id]?(value) }
  }

  func sink(_ receive: @escaping (Output) -> Void) -> Cancellable {
    let id = nextID
    nextID += 1
    subscribers[id] = receive
    return Cancellable { [weak self] in self?.subscribers[id] = nil }
  }
}

final class Cancellable {
  private let cancelAction: () -> Void
  init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
  func cancel() { cancelAction() }
}

/// One document being edited: every change pushes an undo closure that restores the
/// implicits of the edit, so undo logs and stamps with the same services.
final class DocumentSession {
  @Implicit var logger: Logger
  private(set) var document: Document
  private var undoStack: [() -> Void] = []
  let changes = Subject<Document>()
  private var subscriptions: [Cancellable] = []
  private let repository: Repository<Document>

  init(_ document: Document, _ scope: ImplicitScope) {
    self.document = document
    repository = makeRepository(of: Document.self, scope)
    let autosave = Implicits.captureAll()
    subscriptions.append(changes.sink { [repository] updated in
      withScope(with: autosave) { scope in
        stampAndSave(updated, repository, scope)
      }
    })
  }

  func type(_ text: String, _ scope: ImplicitScope) {
    let before = document
    document.text += text
    pushUndo(restoring: before, scope)
    changes.send(document)
  }

  /// Planted P3: the bag is captured before `\.author` is declared for the rename, and the
  /// undo closure's `stampAndSave` reads it.
  func rename(to newID: String, _ scope: ImplicitScope) {
    let before = document
    let implicits = Implicits.captureAll()
    let inner = scope.nested()
    defer { inner.end() }
    @Implicit(\.author) var author = "renamer"
    document.id = newID
    undoStack.append { [weak self, repository] in
      self?.document = before
      withScope(with: implicits) { scope in
        stampAndSave(before, repository, scope)
      }
    }
    changes.send(document)
  }

  private func pushUndo(restoring before: Document, _ scope: ImplicitScope) {
    let implicits = Implicits.captureAll()
    undoStack.append { [weak self] in
      withScope(with: implicits) { scope in
        self?.restore(before, scope)
      }
    }
  }

  private func restore(_ before: Document, _ scope: ImplicitScope) {
    document = before
    logger.log("undo to \(before.text.count) characters")
    changes.send(document)
  }

  func undo() {
    guard let last = undoStack.popLast() else { return }
    last()
  }

  var canUndo: Bool { !undoStack.isEmpty }
  var saved: Int { repository.count }
}

/// Stamps the author on a document and saves it.
func stampAndSave(_ document: Document, _ repository: Repository<Document>, _ scope: ImplicitScope) {
  @Implicit(\.author) var author: String
  var stamped = document
  stamped.author = author
  repository.save(stamped)
}

/// Exports a document as text with a header line.
struct DocumentExporter {
  func export(_ document: Document, _ scope: ImplicitScope) -> String {
    let formatter = ExportFormatter(scope)
    return formatter.header(for: document) + "\n" + document.text
  }
}

final class ExportFormatter {
  @Implicit var clock: Clock
  @Implicit var flags: FeatureFlags

  init(_ scope: ImplicitScope) {}

  func header(for document: Document) -> String {
    let mode = flags.experimentalExport ? "v2" : "v1"
    return "# \(document.id) by \(document.author) at \(clock.now()) (\(mode))"
  }
}
