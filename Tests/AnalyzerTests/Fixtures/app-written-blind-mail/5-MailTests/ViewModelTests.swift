import ImplicitsTesting
import MailCore
import MailFeatures
import Testing

@MainActor
@Suite(.implicits {
  @Implicit var logger = Logger(category: "ui-tests")
  @Implicit(\.accountID) var account = "ui"
  @Implicit var api = APIClient(baseURL: "https://ui.example.com")
  @Implicit(\.featureFlags) var flags = FeatureFlags()
  @Implicit((any Analytics).self) var analytics = RecordingAnalytics()
})
struct ViewModelTests {
  @Test func inboxLoadsAndCountsUnread() async {
    let model = withScope { scope in
      @Implicit var transport: any HTTPTransport = InMemoryServer()
      return InboxViewModel(scope)
    }
    var changes: [Int] = []
    model.onChange = { changes.append(model.unreadCount) }
    await model.refresh()
    #expect(model.messages.count == 5)
    model.open(model.messages[0])
    #expect(changes == [5, 4])
    #expect(model.title == "Inbox")
  }

  @Test(.implicits { @Implicit(\.signature) var signature = "-- test" })
  func composeSendsWithTheSignature() async {
    let server = InMemoryServer()
    let model = withScope { scope in
      @Implicit var transport: any HTTPTransport = server
      return ComposeViewModel(replyingTo: nil, scope)
    }
    model.to = "a@b.c"
    model.subject = "Hi"
    model.body = "text"
    var results: [ComposeResult] = []
    model.completion = { results.append($0) }
    await model.send()
    #expect(model.isDirty)
    let sent = await server.sent()
    #expect(sent.map(\.body) == ["text\n-- test"])
    #expect(results.count == 1)
  }

  @Test(.implicits { @Implicit(\.signature) var signature = "" },
        arguments: [("", false), ("Notes", true)])
  func notesSearchFindsWords(query: String, filters: Bool) async {
    let model = withScope { scope in
      @Implicit var transport: any HTTPTransport = InMemoryServer()
      return NotesViewModel(scope)
    }
    await model.load()
    model.query = query.isEmpty ? "" : "app"
    #expect(model.visible.count == (filters ? 1 : 2))
    #expect(model.greeting == "Search your notes")
  }
}
