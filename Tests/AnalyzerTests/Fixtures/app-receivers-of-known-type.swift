// Receivers apps write whose type the declarations tell: a singleton (`static let shared`),
// a computed property, the result of a factory function or a static factory.
import Implicits

struct Feed { init() {} }
struct Inbox { init() {} }

final class FeedStore {
  static let shared = FeedStore()

  static func make() -> Self { Self() }

  func load(_ scope: ImplicitScope) {
    @Implicit var feed: Feed
  }
}

final class InboxStore {
  func load(_ scope: ImplicitScope) {
    @Implicit var inbox: Inbox // expected-note@:19 {{'Inbox' is read here}}
  }
}

func makeFeedStore() -> FeedStore { FeedStore() }

final class Home {
  var inboxStore: InboxStore { InboxStore() }

  func refreshFeed(_ scope: ImplicitScope) {
    FeedStore.shared.load(scope)
    makeFeedStore().load(scope)
    FeedStore.make().load(scope)
    let store = makeFeedStore()
    store.load(scope)
  }

  func refreshInbox(_ scope: ImplicitScope) {
    inboxStore.load(scope) // expected-note@:5 {{'Inbox' is required by the call to 'load(_:)' here}}
  }
}

func showFeed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var feed = Feed()
  Home().refreshFeed(scope)
}

func showInbox() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Inbox' at this entry point}}
  defer { scope.end() }
  @Implicit var feed = Feed()
  Home().refreshInbox(scope) // expected-note@:3 {{'Inbox' is required by the call to 'refreshInbox(_:)' here}}
}
