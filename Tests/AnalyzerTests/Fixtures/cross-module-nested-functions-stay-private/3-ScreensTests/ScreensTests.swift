import Feeds
import Implicits
@testable import Screens

// `refresh` is Feeds' (the one nested in `redrawAll` cannot be called from here): no
// ambiguity, and what it requires is the feed client.
func testRefresh() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var client = FeedClient()
  refresh(scope)
}

func testRefreshWithoutClient() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'FeedClient'}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  refresh(scope) // expected-note@:3 {{'FeedClient' is required by the call to 'refresh(_:)'}}
  // expected-note@-1:3 {{'FeedClient' is read in 'refresh(_:)' at cross-module-nested-functions-stay-private/1-Feeds/Feeds.swift:7:17}}
}

// A key read inside a nested function is still what the enclosing function requires.
func testRedraw() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme'}}
  defer { scope.end() }
  redrawAll(["home"], scope) // expected-note@:3 {{'Theme' is required by the call to 'redrawAll(_:_:)'}}
  // expected-note@-1:3 {{'Theme' is required by the call to 'refresh(_:)' in 'redrawAll(_:_:)' at cross-module-nested-functions-stay-private/2-Screens/Screens.swift:12:}}
  // expected-note@-2:3 {{'Theme' is read in 'refresh(_:)' at cross-module-nested-functions-stay-private/2-Screens/Screens.swift:9:19}}
}

// `currentFeed` is Feeds' (the one nested in `redrawAll` returns a `String`): the key is
// the feed client.
func testCurrentFeed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var client = currentFeed()
  refresh(scope)
}
