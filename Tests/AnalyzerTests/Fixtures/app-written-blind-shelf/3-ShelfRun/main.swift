import Foundation
import Implicits
import ShelfKit
import ShelfServer

/// The app's start-up: the old container's services, declared once for everything below.
@MainActor
func launchApp() async -> AppCoordinator {
  let scope = ImplicitScope()
  defer { scope.end() }
  let container = Container.shared
  // Written blind without the annotations: the types of another module's properties are
  // not in its interface, so the analyzer cannot tell these keys (see the note).
  @Implicit var logger: Logger = container.logger
  @Implicit var database: Database = container.database
  @Implicit var api: any APIClient = container.api
  @Implicit(\.userID) var userID = "reader"
  let coordinator = AppCoordinator(scope)
  await withCheckedContinuation { continuation in
    coordinator.start { continuation.resume() }
  }
  return coordinator
}

// Broken: no user is signed in, and opening a book reads the user's ID.
@MainActor
func launchSignedOut() -> AppCoordinator {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.userID' of ShelfKit at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger(label: "signed-out")
  @Implicit var database = Database.open()
  let coordinator = AppCoordinator(scope) // expected-note@:21 {{'\.userID' of ShelfKit is required by the call to 'AppCoordinator.init(_:)' here}}
  // expected-note@-1:21 {{'\.userID' of ShelfKit is required by the call to 'BookCoordinator.init(title:navigation:_:)' in 'AppCoordinator.showBook(_:)' at app-written-blind-shelf/1-ShelfKit/Coordinators.swift:52:19}}
  // expected-note@-2:21 {{'\.userID' of ShelfKit is read in 'BookCoordinator.init(title:navigation:_:)' at app-written-blind-shelf/1-ShelfKit/Coordinators.swift:9:27}}
  coordinator.start {}
  return coordinator
}

@MainActor
func runStore() async -> ShelfState {
  let service = LibraryService(
    api: StubAPI(books: ["Dune", "Emma", "Persuasion"]), database: .open("store.db"),
    logger: Logger(label: "store"), flags: FeatureFlags(["sync"]))
  let synced = (try? await service.refresh()) ?? -1
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger(label: "store")
  @Implicit var database = Database.open("store.db")
  @Implicit var api: any APIClient = StubAPI()
  @Implicit(\.pageSize) var pageSize = 1
  let store = Store(scope)
  await store.send(.load)
  await store.send(.rate("Dune", 5))
  await store.send(.rate("Emma", 9))
  print("synced", synced, "report:", shelfReport(store.state.books, scope))
  return store.state
}

let coordinator = await launchApp()
coordinator.tap(row: 0)
coordinator.rate(row: 1, stars: 4)
try await Task.sleep(for: .milliseconds(100))
print("screens", coordinator.navigation.viewControllers.compactMap(\.title), coordinator.children.count)
print("state", await runStore())
print("reference", referenceMain())
let (responses, ratings, logger) = await ShelfServerApp.run([
  Request("POST", "/ratings", headers: ["user": "ann"], body: "Dune=5"),
  Request("POST", "/ratings", body: "Emma=1"),
  Request("POST", "/sync"),
  Request("GET", "/nowhere"),
])
print("server", responses, ratings, logger.all.count)
// The broken paths, one per argument: each stops on the missing value at run time.
switch CommandLine.arguments.dropFirst().first {
case "signed-out"?:
  let signedOut = launchSignedOut()
  try await Task.sleep(for: .milliseconds(100))
  signedOut.tap(row: 0)
  try await Task.sleep(for: .milliseconds(100))
case "no-database"?:
  print(await ShelfServerApp.runWithoutDatabase([Request("GET", "/books")]))
default:
  break
}
print("ok")
