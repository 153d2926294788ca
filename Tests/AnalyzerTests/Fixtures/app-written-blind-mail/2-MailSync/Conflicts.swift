import Implicits
import MailCore

/// What to do with a message changed both here and on the server.
public enum Resolution: Sendable, Equatable {
  case keepLocal
  case takeRemote
  case merge(subject: String)
}

public func resolve(local: Message, remote: Message, _ scope: ImplicitScope) -> Resolution {
  @Implicit(\.featureFlags) var flags: FeatureFlags
  switch (local, remote) {
  case let (l, r) where l == r:
    return .keepLocal
  case let (l, r) where l.isRead != r.isRead && l.subject == r.subject:
    return l.isRead ? .keepLocal : .takeRemote
  case let (l, r) where flags.threadedInbox:
    trace("merging \(l.id)", scope)
    return .merge(subject: "\(l.subject) / \(r.subject)")
  default:
    return .takeRemote
  }
}

/// One line per event, for the status bar.
public func describe(_ event: SyncEvent) -> String {
  switch event {
  case .fetched(let folder, let count) where count == 0:
    return "\(folder.rawValue): nothing new"
  case .fetched(let folder, let count):
    return "\(folder.rawValue): \(count)"
  case .retried(let path, let attempt) where attempt > 1:
    return "retrying \(path) (\(attempt) times)"
  case .retried(let path, _):
    return "retrying \(path)"
  case .failed(let path, let reason):
    return "\(path) failed: \(reason)"
  case .cancelled:
    return "cancelled"
  }
}
