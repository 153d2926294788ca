import Foundation
import Implicits
import MailCore
import MailFeatures
import MailSync

func check(_ condition: Bool, _ what: String) {
  if !condition {
    print("FAILED: \(what)")
    exit(1)
  }
}

let server = InMemoryServer(failures: ["/mail/inbox": 1, "/notes": 1])
let dependencies = AppDependencies.live(account: "ann", server: server)

// The app's root: build the coordinator tree inside the dependencies' scope.
let app: AppCoordinator = withDependencies(dependencies) { scope in
  withScope(nesting: scope) { scope in
    @Implicit(\.pageSize) var pageSize = 3
    return AppCoordinator(scope)
  }
}
app.start()

let status = await app.syncNow([.inbox, .archive])
print("sync: \(status)")
check(status.contains("inbox: 5"), "inbox synced")

guard let mail = app.mail else { fatalError("no mail coordinator") }
await mail.inbox.refresh()
print("inbox: \(mail.inbox.messages.count) messages, \(mail.inbox.unreadCount) unread, title \(mail.inbox.title)")
check(mail.inbox.messages.count == 5, "inbox loaded")

let handler = LinkHandler(app: app)
let links = ["mail://message/in2", "mail://compose/bob@example.com", "mail://compose/nobody", "mail://note/2",
             "mail://sync/archive", "mail://nowhere"]
for url in links {
  guard let link = DeepLink(url) else {
    print("\(url): not a link")
    continue
  }
  let shown = await withDependencies(dependencies.with { $0.accountID = "ann+links" }) { scope in
    await handler.open(link, scope)
  }
  print("\(url): \(shown)")
}

// The reply opened from the message link: send it, then close the mail flow.
if let compose = mail.compose {
  compose.model.body = "Thanks!"
  await compose.model.send()
}
mail.close()
check(app.sentCount == 1, "one reply sent, got \(app.sentCount)")
let sent = await server.sent()
print("server has \(sent.count) sent: \(sent.map(\.subject))")
check(sent.count == 2, "two messages sent")
check(sent.allSatisfy { $0.body.hasSuffix("— sent from ann") || $0.body.hasSuffix("— sent from ann+links") }, "signatures")

// A patient engine that is cancelled while it retries.
let patient: SyncEngine = withDependencies(dependencies.with { $0.transport = InMemoryServer(failures: ["/mail/drafts": 1000]) }) { scope in
  withScope(nesting: scope) { scope in
    @Implicit(\.syncRetries) var retries = 10_000
    return SyncEngine(name: "patient", scope)
  }
}
let running = await patient.start([.drafts])
try await Task.sleep(nanoseconds: 20_000_000)
await patient.cancel()
do {
  _ = try await running.value
  check(false, "cancelled sync finished")
} catch {
  print("patient: \(error is CancellationError ? "cancelled" : "\(error)")")
}

// The background refresh: the actor's method runs with the caller's scope.
let report = try await withDependencies(dependencies) { scope in
  let engine = SyncEngine(name: "background", scope)
  return try await engine.sync([.archive], scope)
}
print("background: \(report.total) messages, \(report.notes.map(\.title))")
check(report.notes.count == 3 || report.notes.count == 2, "notes synced")

let analytics = dependencies.analytics as! RecordingAnalytics
print("analytics: \(analytics.events.joined(separator: " | "))")
print("screens: \(app.screens.joined(separator: " | "))")
print(summary(of: patient.description, dependencies.logger.lines))
print("done")
