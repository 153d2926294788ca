import ImplicitsTesting
import MailCore
import MailSync
import Testing

@Suite(.implicits {
  @Implicit var logger = Logger(category: "tests")
  @Implicit(\.accountID) var account = "tester"
  @Implicit var api = APIClient(baseURL: "https://test.example.com")
})
struct SyncEngineTests {
  @Test(arguments: [Folder.inbox, .archive, .sent])
  func fetchesEveryPageOfAFolder(_ folder: Folder) async throws {
    let server = InMemoryServer()
    let report = try await withScope { scope in
      @Implicit var transport: any HTTPTransport = server
      @Implicit(\.pageSize) var pageSize = 2
      let engine = SyncEngine(name: "test", scope)
      return try await engine.sync([folder], scope)
    }
    #expect(report.messages[folder]?.count == (InMemoryServer.sampleMail[folder]?.count ?? 0))
    #expect(report.notes.count == 2)
  }

  @Test(.implicits { @Implicit(\.syncRetries) var retries = 1 })
  func givesUpWithoutRetrying() async {
    await #expect(throws: APIError.unavailable(path: "/notes")) {
      try await withScope { scope in
        @Implicit var transport: any HTTPTransport = InMemoryServer(failures: ["/notes": 1])
        _ = try await SyncEngine(name: "impatient", scope).sync([], scope)
      }
    }
  }

  @Test(arguments: zip([0, 1, 2], [true, true, false]))
  func retriesUpToTheDefault(failures: Int, succeeds: Bool) async throws {
    let server = InMemoryServer(failures: ["/mail/archive": failures])
    let result = await withScope { scope -> SyncReport? in
      @Implicit var transport: any HTTPTransport = server
      @Implicit(\.syncRetries) var retries = 2
      return try? await SyncEngine(name: "retry", scope).sync([.archive], scope)
    }
    #expect((result != nil) == succeeds)
  }

  @Test func resolvesConflictsByFlag() {
    let local = Message(id: "1", subject: "A", from: "x", body: "", folder: .inbox, isRead: true)
    var remote = local
    remote.subject = "B"
    let merged = withScope { scope in
      @Implicit(\.featureFlags) var flags = FeatureFlags(threadedInbox: true)
      return resolve(local: local, remote: remote, scope)
    }
    #expect(merged == .merge(subject: "A / B"))
    let plain = withScope { scope in
      @Implicit(\.featureFlags) var flags = FeatureFlags(threadedInbox: false)
      return resolve(local: local, remote: remote, scope)
    }
    #expect(plain == .takeRemote)
  }

  @Test func describesEvents() {
    #expect(describe(.fetched(.inbox, count: 0)) == "inbox: nothing new")
    #expect(describe(.retried(path: "/x", attempt: 3)) == "retrying /x (3 times)")
    #expect(describe(.cancelled) == "cancelled")
  }
}
