import Core
import Implicits

struct FeedService { init() {} }
struct Haptics { init() {} }
struct Cart { init() {} }

final class FeedViewModel: BaseViewModel {
  @Implicit var feed: FeedService
}

// Writes its own `init(_ scope:)`: an entry of its own, requiring Haptics.
final class OwnInitModel: BaseViewModel {
  @Implicit var haptics: Haptics

  override init(_ scope: ImplicitScope) {
    super.init(scope)
  }
}

struct CartState { init() {} }

final class CartStore: Store<CartState> {
  @Implicit var cart: Cart
}

func makeFeedStore(_ scope: ImplicitScope) -> FeedStore {
  FeedStore(scope, initial: FeedState())
}
