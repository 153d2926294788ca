// A feed's view model refreshes all of it or one item: two overloads of `refresh`, named
// as values where the parameter's type says which one Swift picks — the one that takes
// its scope where the closure parameter does (`(ImplicitScope) -> Void`: `refresh(_:)`;
// `(Item, ImplicitScope) -> Void`: `refresh(_:_:)`). Both were an `ambiguous-call` before.
import Implicits

struct Item {}
struct FeedAPI { init() {} }
struct ItemCache { init() {} }

final class FeedModel {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var api: FeedAPI // expected-note@:19 {{'FeedAPI' is read here}}
  }

  func refresh(_ item: Item, _ scope: ImplicitScope) {
    @Implicit var cache: ItemCache
  }
}

final class RefreshControl {
  var action: ((ImplicitScope) -> Void)?
  func onRefresh(_ action: @escaping (ImplicitScope) -> Void) { self.action = action }
  func pull(_ scope: ImplicitScope) { action?(scope) }
}

func perform(_ step: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  step(scope) // expected-note@:3 {{'FeedAPI' is required by the closures passed for this parameter, which is called here}}
}

func performOnItem(_ item: Item, _ step: (Item, ImplicitScope) -> Void, _ scope: ImplicitScope) {
  step(item, scope)
}

func showFeed(model: FeedModel, control: RefreshControl) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = FeedAPI()
  perform(model.refresh, scope)
  control.onRefresh(model.refresh)
  control.pull(scope)
}

func showItem(model: FeedModel, item: Item) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = ItemCache()
  performOnItem(item, model.refresh, scope)
}

func showFeedWithoutAPI(model: FeedModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'FeedAPI' at this entry point}}
  defer { scope.end() }
  @Implicit var cache = ItemCache()
  perform(model.refresh, scope) // expected-note@:3 {{'FeedAPI' is required by the call to 'perform(_:_:)' here}} expected-note@:11 {{'FeedAPI' is required by the closure created here}}
}
