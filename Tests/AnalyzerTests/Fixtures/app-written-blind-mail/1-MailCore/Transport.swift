import Foundation

public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws -> Data
}

/// An in-memory server. `failures[path]` makes that many requests to the path fail first.
public actor InMemoryServer: HTTPTransport {
  private var mail: [Folder: [Message]]
  private var notes: [Int: Note]
  private var failures: [String: Int]
  public private(set) var requests: [String] = []

  public init(mail: [Folder: [Message]] = InMemoryServer.sampleMail, notes: [Note] = InMemoryServer.sampleNotes,
              failures: [String: Int] = [:]) {
    self.mail = mail
    self.notes = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
    self.failures = failures
  }

  public func send(_ request: HTTPRequest) async throws -> Data {
    requests.append("\(request.method.rawValue) \(request.path)")
    if let left = failures[request.path], left > 0 {
      failures[request.path] = left - 1
      throw APIError.unavailable(path: request.path)
    }
    let parts = request.path.split(separator: "/").map(String.init)
    let first = parts.first ?? "", second = parts.count > 1 ? parts[1] : "", third = parts.count > 2 ? parts[2] : nil
    switch (request.method, first, second, third) {
    case (.get, "mail", let name, nil):
      guard let folder = Folder(rawValue: name) else { throw APIError.notFound(path: request.path) }
      let page = Int(request.query["page"] ?? "0") ?? 0
      let size = Int(request.query["size"] ?? "10") ?? 10
      let all = mail[folder] ?? []
      let slice = Array(all.dropFirst(page * size).prefix(size))
      let next = (page + 1) * size < all.count ? page + 1 : nil
      return try JSONEncoder().encode(Page<Message>(items: slice, next: next))
    case (.post, "mail", "send", nil):
      var message = try JSONDecoder().decode(Message.self, from: request.body ?? Data())
      message.folder = .sent
      mail[.sent, default: []].append(message)
      return try JSONEncoder().encode(Empty())
    case (.post, "mail", let id, "read"):
      for (folder, messages) in mail {
        mail[folder] = messages.map { $0.id == id ? Message(id: $0.id, subject: $0.subject, from: $0.from, body: $0.body, folder: $0.folder, isRead: true) : $0 }
      }
      return try JSONEncoder().encode(Empty())
    case (.get, "notes", "", nil):
      return try JSONEncoder().encode(notes.values.sorted { $0.id < $1.id })
    case (.post, "notes", let id, nil) where Int(id) != nil:
      let note = try JSONDecoder().decode(Note.self, from: request.body ?? Data())
      notes[note.id] = note
      return try JSONEncoder().encode(note)
    default:
      throw APIError.notFound(path: request.path)
    }
  }

  public func sent() -> [Message] { mail[.sent] ?? [] }

  public static let sampleMail: [Folder: [Message]] = [
    .inbox: (1...5).map { Message(id: "in\($0)", subject: "Hello \($0)", from: "ann@example.com", body: "Body \($0)", folder: .inbox) },
    .archive: [Message(id: "ar1", subject: "Old", from: "bob@example.com", body: "Archived", folder: .archive, isRead: true)],
  ]
  public static let sampleNotes: [Note] = [
    Note(id: 1, title: "Groceries", text: "milk, eggs", pinned: true),
    Note(id: 2, title: "Ideas", text: "a notes app"),
  ]
}
