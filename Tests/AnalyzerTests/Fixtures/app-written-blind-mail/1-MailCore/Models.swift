import Foundation

public enum Folder: String, Codable, Sendable, CaseIterable {
  case inbox, archive, sent, drafts
}

public struct Message: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var subject: String
  public var from: String
  public var body: String
  public var folder: Folder
  public var isRead: Bool

  public init(id: String, subject: String, from: String, body: String, folder: Folder, isRead: Bool = false) {
    self.id = id
    self.subject = subject
    self.from = from
    self.body = body
    self.folder = folder
    self.isRead = isRead
  }
}

public struct Note: Codable, Sendable, Hashable, Identifiable {
  public var id: Int
  public var title: String
  public var text: String
  public var pinned: Bool

  public init(id: Int, title: String, text: String, pinned: Bool = false) {
    self.id = id
    self.title = title
    self.text = text
    self.pinned = pinned
  }
}

public struct Page<Item: Codable & Sendable>: Codable, Sendable {
  public var items: [Item]
  public var next: Int?

  public init(items: [Item], next: Int?) {
    self.items = items
    self.next = next
  }
}

public struct Empty: Codable, Sendable {
  public init() {}
}

/// What a sync run reports back to the screens.
public enum SyncEvent: Sendable, Equatable {
  case fetched(Folder, count: Int)
  case retried(path: String, attempt: Int)
  case failed(path: String, reason: String)
  case cancelled
}

public struct FeatureFlags: Sendable {
  public var threadedInbox: Bool
  public var notesSearch: Bool
  public var maxAttachmentMB: Int

  public init(threadedInbox: Bool = false, notesSearch: Bool = true, maxAttachmentMB: Int = 25) {
    self.threadedInbox = threadedInbox
    self.notesSearch = notesSearch
    self.maxAttachmentMB = maxAttachmentMB
  }
}
