// A missing implicit's notes go from the entry point down every call in this module to
// the read, one note per step (issue 21 item 4): the reader need not open each function.
struct APIClient {}
struct Session {}
struct Analytics {}

func startApp() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  showHome(scope) // expected-note@:3 {{'APIClient' is required by the call to 'showHome(_:)' here}}
}

func showHome(_ scope: ImplicitScope) {
  loadFeed(scope) // expected-note@:3 {{'APIClient' is required by the call to 'loadFeed(_:)' here}}
}

func loadFeed(_ scope: ImplicitScope) {
  @Implicit var api: APIClient // expected-note@:17 {{'APIClient' is read here}}
  _ = api
}

// Two keys down one path share each step's note until the path splits; a key declared
// on the way (Analytics in `Coordinator.start`) leaves the chain there.
final class FeedViewModel {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var session: Session // expected-note@:19 {{'Session' is read here}}
    fetch(scope) // expected-note@:5 {{'APIClient' is required by the call to 'fetch(_:)' here}}
    _ = session
  }

  func fetch(_ scope: ImplicitScope) {
    @Implicit var api: APIClient // expected-note@:19 {{'APIClient' is read here}}
    @Implicit var analytics: Analytics
    _ = (api, analytics)
  }
}

struct Coordinator {
  let model = FeedViewModel()

  func start(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    model.refresh(scope) // expected-note@:5 {{'APIClient' and 'Session' are required by the call to 'refresh(_:)' here}}
  }
}

func launch() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'APIClient' and 'Session' at this entry point}}
  defer { scope.end() }
  Coordinator().start(scope) // expected-note@:3 {{'APIClient' and 'Session' are required by the call to 'start(_:)' here}}
}

// Recursion: the chain visits each function once, so the notes end at the read.
func walk(_ depth: Int, _ scope: ImplicitScope) {
  if depth > 0 { walk(depth - 1, scope) }
  @Implicit var session: Session // expected-note@:17 {{'Session' is read here}}
  _ = session
}

func crawl() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  walk(3, scope) // expected-note@:3 {{'Session' is required by the call to 'walk(_:_:)' here}}
}
