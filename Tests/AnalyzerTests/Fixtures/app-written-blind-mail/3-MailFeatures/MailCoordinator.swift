import Implicits
import MailCore

@MainActor
public final class MailCoordinator: Coordinator {
  public var children: [any Coordinator] = []
  public weak var delegate: (any MailCoordinatorDelegate)?
  public let inbox: InboxViewModel
  private unowned let router: any Router
  private let implicits = Implicits.captureAll()
  private var sent = 0

  public init(router: any Router, _ scope: ImplicitScope) {
    self.router = router
    inbox = InboxViewModel(scope)
  }

  public func start() {
    inbox.delegate = self
    inbox.onChange = { [weak self] in
      guard let self else { return }
      router.show("inbox \(inbox.unreadCount) unread")
    }
    router.show(inbox.title)
  }

  public var compose: ComposeCoordinator? { children.first(ComposeCoordinator.self) }

  func reply(to message: Message) {
    let compose = withScope(with: implicits) { scope in
      ComposeCoordinator(replyingTo: message, router: router, scope)
    }
    compose.onFinish = { [weak self] result, scope in
      self?.composeFinished(compose, result, scope)
    }
    add(compose)
  }

  private func composeFinished(_ child: ComposeCoordinator, _ result: ComposeResult, _ scope: ImplicitScope) {
    @Implicit var analytics: any Analytics
    remove(child)
    if case .sent(let message) = result {
      sent += 1
      analytics.track("mail.sent", ["subject": message.subject])
    } else if case .failed(let reason) = result {
      analytics.track("mail.failed", ["reason": reason])
    }
  }

  public func close() {
    delegate?.mailCoordinator(self, didFinishWith: sent)
  }
}

extension MailCoordinator: InboxViewModelDelegate {
  public func inbox(_ model: InboxViewModel, didOpen message: Message) {
    router.show("message \(message.id)")
    if message.folder == .inbox {
      reply(to: message)
    }
  }
}
