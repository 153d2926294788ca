// Before the app's interface listed inherited initializers (main c51e904), `FeedViewModel(scope)`
// here matched every app initializer of that shape: a false "ambiguous call" with
// `OwnInitModel.init(_:)` and false 'Haptics' errors; 'Cart' and 'Session' went unreported.
@testable import App
import Core
import Implicits

func testFeed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var feed = FeedService()
  _ = FeedViewModel(scope)
}

func testFeedWithoutService() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'FeedService' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = FeedViewModel(scope) // expected-note@:7 {{'FeedService' is required by the call to 'FeedViewModel.init(_:)' here}} // expected-note@:7 {{'FeedService' is read in 'FeedViewModel.init(_:)' at cross-module-inherited-initializers-in-tests/2-App/ViewModels.swift:9:17}}
}

func testCart() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var cart = Cart()
  _ = CartStore(scope, initial: CartState())
}

func testCartWithoutCart() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = CartStore(scope, initial: CartState()) // expected-note@:7 {{'Cart' is required by the call to 'CartStore.init(_:initial:)' here}} // expected-note@:7 {{'Cart' is read in 'CartStore.init(_:initial:)' at cross-module-inherited-initializers-in-tests/2-App/ViewModels.swift:24:17}}
}

func testFeedStoreWithoutSession() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = makeFeedStore(scope) // expected-note@:7 {{'Session' is required by the call to 'makeFeedStore(_:)' here}} // expected-note@:7 {{'Session' is required by the call to 'FeedStore.init(_:initial:)' in 'makeFeedStore(_:)' at cross-module-inherited-initializers-in-tests/2-App/ViewModels.swift:28:3}} // expected-note@:7 {{'Session' is read in 'FeedStore.init(_:initial:)' at cross-module-inherited-initializers-in-tests/1-Core/Core.swift:24:24}}
}
