import Implicits
import MailCore

@MainActor
public final class ComposeCoordinator: Coordinator {
  public var children: [any Coordinator] = []
  public let model: ComposeViewModel
  private unowned let router: any Router
  private let implicits: Implicits

  /// Told how composing ended, with a scope of this coordinator's implicits.
  public var onFinish: ((ComposeResult, ImplicitScope) -> Void)?

  public init(replyingTo message: Message?, router: any Router, _ scope: ImplicitScope) {
    self.router = router
    model = ComposeViewModel(replyingTo: message, scope)
    implicits = Implicits.captureAll()
  }

  public func start() {
    router.show("compose \(model.subject)")
    model.completion = { [weak self] result in
      guard let self else { return }
      withScope(with: implicits) { scope in
        trace("compose finished: \(result)", scope)
        self.onFinish?(result, scope)
      }
    }
  }
}
