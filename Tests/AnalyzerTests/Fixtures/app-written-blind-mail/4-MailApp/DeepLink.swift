import Implicits
import MailCore
import MailFeatures

/// `mail://…` links the app is opened with.
enum DeepLink: Equatable {
  case message(id: String)
  case compose(to: String)
  case note(id: Int)
  case sync(folders: [Folder])

  init?(_ url: String) {
    guard url.hasPrefix("mail://") else { return nil }
    let parts = url.dropFirst("mail://".count).split(separator: "/").map(String.init)
    switch parts.first {
    case "message" where parts.count == 2:
      self = .message(id: parts[1])
    case "compose" where parts.count == 2:
      self = .compose(to: parts[1])
    case "note" where parts.count == 2:
      guard let id = Int(parts[1]) else { return nil }
      self = .note(id: id)
    case "sync":
      self = .sync(folders: parts.dropFirst().compactMap(Folder.init(rawValue:)))
    default:
      return nil
    }
  }
}

@MainActor
struct LinkHandler {
  let app: AppCoordinator

  /// Opens a link; returns what the status bar shows.
  func open(_ link: DeepLink, _ scope: ImplicitScope) async -> String {
    @Implicit var analytics: any Analytics
    analytics.track("link", ["kind": "\(link)".prefix(while: { $0 != "(" }).description])
    switch link {
    case .message(let id):
      guard let inbox = app.mail?.inbox, let message = inbox.messages.first(where: { $0.id == id }) else {
        return "no message \(id)"
      }
      inbox.open(message)
      return "opened \(id)"
    case .compose(let to) where to.contains("@"):
      let model = ComposeViewModel(replyingTo: nil, scope)
      model.to = to
      model.subject = "Hi"
      var outcome = ComposeResult.discarded
      model.completion = { outcome = $0 }
      await model.send()
      if case .sent(let message) = outcome {
        return "sent \(message.subject) to \(to)"
      }
      return "not sent"
    case .compose(let to):
      return "bad address \(to)"
    case .note(let id):
      app.openNotes()
      guard let notes = app.notes else { return "no notes" }
      await notes.model.load()
      try? await notes.edit(id, text: "edited from a link")
      return notes.saved.last.map { "saved \($0)" } ?? "no note \(id)"
    case .sync(let folders) where folders.isEmpty:
      return await app.syncNow()
    case .sync(let folders):
      return await app.syncNow(folders)
    }
  }
}

func summary(of engine: some Sendable, _ lines: [String]) -> String {
  "\(engine): \(lines.count) lines"
}
