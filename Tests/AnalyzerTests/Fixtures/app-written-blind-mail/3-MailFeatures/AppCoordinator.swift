import Implicits
import MailCore
import MailSync

@MainActor
public final class AppCoordinator: Coordinator, Router {
  public var children: [any Coordinator] = []
  public private(set) var screens: [String] = []
  public private(set) var sentCount = 0
  public let engine: SyncEngine
  private let implicits: Implicits
  @Implicit var analytics: any Analytics

  public init(_ scope: ImplicitScope) {
    engine = SyncEngine(name: "main", scope)
    implicits = Implicits.captureAll()
  }

  public var mail: MailCoordinator? { children.first(MailCoordinator.self) }
  public var notes: NotesCoordinator? { children.first(NotesCoordinator.self) }

  public func show(_ screen: String) {
    screens.append(screen)
  }

  public func start() {
    withScope(with: implicits) { scope in
      let mail = MailCoordinator(router: self, scope)
      mail.delegate = self
      add(mail)
    }
    analytics.track("app.start", [:])
  }

  public func openNotes() {
    guard notes == nil else { return }
    let child = withScope(with: implicits) { scope in NotesCoordinator(router: self, scope) }
    add(child)
  }

  /// Runs the background sync and reports each event to the status bar.
  public func syncNow(_ folders: [Folder] = Folder.allCases) async -> String {
    do {
      let report = try await engine.start(folders).value
      await engine.finished()
      return report.events.map(describe).joined(separator: "; ")
    } catch is CancellationError {
      return describe(.cancelled)
    } catch {
      return "sync failed: \(error)"
    }
  }
}

extension AppCoordinator: MailCoordinatorDelegate {
  public func mailCoordinator(_ coordinator: MailCoordinator, didFinishWith sent: Int) {
    sentCount += sent
    remove(coordinator)
    show("closed mail")
  }
}
