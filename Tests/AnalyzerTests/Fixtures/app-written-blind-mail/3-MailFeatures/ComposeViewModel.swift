import Implicits
import MailCore

public enum ComposeResult: Sendable, Equatable {
  case sent(Message)
  case discarded
  case failed(String)
}

@MainActor
public final class ComposeViewModel {
  @Implicit var api: APIClient
  @Implicit(\.signature) var signature: String
  @Implicit(\.featureFlags) var flags: FeatureFlags
  private let implicits: Implicits

  public var to: String
  public var subject: String
  public var body = "" {
    didSet { isDirty = true }
  }
  public private(set) var isDirty = false
  public var attachmentsMB = 0

  /// Called once the message went out (or did not); set by whoever presented the screen.
  public var completion: ((ComposeResult) -> Void)?

  public var canSend: Bool {
    !to.isEmpty && !subject.isEmpty && attachmentsMB <= flags.maxAttachmentMB
  }

  public init(replyingTo message: Message?, _ scope: ImplicitScope) {
    to = message?.from ?? ""
    subject = message.map { "Re: \($0.subject)" } ?? ""
    implicits = Implicits.captureAll()
  }

  public func send() async {
    guard canSend else {
      completion?(.failed("cannot send"))
      return
    }
    let message = Message(id: "out-\(subject.count)-\(to.count)", subject: subject, from: "me",
                          body: "\(body)\n\(signature)", folder: .sent)
    let result: ComposeResult = await withScope(with: implicits) { scope in
      do {
        _ = try await api.send(.send(message), scope)
        trace("sent \(message.subject)", scope)
        return .sent(message)
      } catch {
        return .failed("\(error)")
      }
    }
    completion?(result)
  }

  public func discard() {
    completion?(.discarded)
  }
}
