import ImplicitsTesting
import MailCore
import MailFeatures
import MailSync
import XCTest

final class CoordinatorXCTests: XCTestCase {
  private var server: InMemoryServer!
  private var analytics: RecordingAnalytics!

  override func invokeTest() {
    withImplicits({
      @Implicit var logger = Logger(category: "xctest")
      @Implicit(\.accountID) var account = "xc"
    }) {
      super.invokeTest()
    }
  }

  override func setUp() {
    super.setUp()
    server = InMemoryServer()
    analytics = RecordingAnalytics()
    let scope = ImplicitScope()
    defer { scope.end() }
    trace("setUp", scope)
  }

  override func tearDown() {
    withScope { scope in
      trace("tearDown", scope)
    }
    server = nil
    super.tearDown()
  }

  func testConflictsKeepTheReadCopy() {
    let local = Message(id: "1", subject: "A", from: "x", body: "", folder: .inbox, isRead: true)
    var remote = local
    remote.isRead = false
    withScope { scope in
      @Implicit(\.featureFlags) var flags = FeatureFlags()
      XCTAssertEqual(resolve(local: local, remote: remote, scope), .keepLocal)
      XCTAssertEqual(resolve(local: remote, remote: local, scope), .takeRemote)
    }
  }

  @MainActor
  func testReplyFlowSendsAndCloses() async throws {
    let server = InMemoryServer()
    let analytics = RecordingAnalytics()
    let app = await withImplicits({
      @Implicit var logger = Logger(category: "async")
      @Implicit(\.accountID) var account = "xc-async"
    }) {
      withScope { scope in
        @Implicit var transport: any HTTPTransport = server
        @Implicit((any Analytics).self) var analytics = analytics
        @Implicit var api = APIClient(baseURL: "https://xc.example.com")
        @Implicit(\.featureFlags) var flags = FeatureFlags()
        @Implicit(\.signature) var signature = "-- xc"
        return AppCoordinator(scope)
      }
    }
    app.start()
    let mail = try XCTUnwrap(app.mail)
    await mail.inbox.refresh()
    mail.inbox.open(mail.inbox.messages[1])
    let compose = try XCTUnwrap(mail.compose)
    await compose.model.send()
    XCTAssertNil(mail.compose)
    mail.close()
    XCTAssertEqual(app.sentCount, 1)
    XCTAssertEqual(app.screens.last, "closed mail")
    XCTAssertTrue(analytics.events.contains("mail.sent(subject=Re: Hello 2)"))
  }
}
