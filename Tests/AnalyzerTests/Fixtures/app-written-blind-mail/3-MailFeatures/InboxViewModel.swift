import Implicits
import MailCore

@MainActor
public protocol InboxViewModelDelegate: AnyObject {
  func inbox(_ model: InboxViewModel, didOpen message: Message)
}

/// The inbox screen's model, written the way `@Observable` models are, without the macro.
@MainActor
public final class InboxViewModel {
  @Implicit var api: APIClient
  @Implicit var analytics: any Analytics
  @Implicit(\.featureFlags) var flags: FeatureFlags
  private let implicits = Implicits.captureAll()

  public weak var delegate: (any InboxViewModelDelegate)?
  public var onChange: (() -> Void)?
  public private(set) var changes = 0

  public private(set) var messages: [Message] = [] {
    didSet {
      changes += 1
      onChange?()
    }
  }

  public var folder: Folder = .inbox {
    didSet {
      guard folder != oldValue else { return }
      messages = []
    }
  }

  public var unreadCount: Int { messages.filter { !$0.isRead }.count }

  public lazy var title: String = flags.threadedInbox ? "Threads" : folder.rawValue.capitalized

  public init(_ scope: ImplicitScope) {}

  public func refresh() async {
    await withScope(with: implicits) { scope in
      await load(scope)
    }
  }

  private func load(_ scope: ImplicitScope) async {
    do {
      let loaded = try await api.allPages(of: folder, scope)
      messages = flags.threadedInbox ? loaded.sorted { $0.subject < $1.subject } : loaded
      analytics.track("inbox.loaded", ["count": "\(loaded.count)"])
    } catch is CancellationError {
      trace("refresh cancelled", scope)
    } catch {
      trace("refresh failed: \(error)", scope)
    }
  }

  public func open(_ message: Message) {
    analytics.track("inbox.open", ["id": message.id])
    if let index = messages.firstIndex(where: { $0.id == message.id }), !messages[index].isRead {
      messages[index].isRead = true
      Task { [implicits] in
        await withScope(with: implicits) { scope in
          _ = try? await api.send(.markRead(message.id), scope)
        }
      }
    }
    delegate?.inbox(self, didOpen: message)
  }
}
