// A view model keeps a bag in a stored property that starts empty (`var implicits =
// Implicits()`) and restores it later. Where every initializer of the type sets the bag,
// the empty default is never what is restored; where one may not (a `bind` method sets
// it, or no initializer does), a restore before it runs gets an empty bag, which holds
// nothing: what the restores need is reported at the default. Before, such a default was
// not checked at all (issue 18 item 8.4): the broken model below crashed at run time.
import Implicits

final class Tracker { func log(_ event: String) {} }
final class Router { func open(_ path: String) {} }

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var tracker: Tracker // expected-note@:17 {{'Tracker' is read here}}
  tracker.log(event)
}

func route(_ path: String, _ scope: ImplicitScope) {
  @Implicit var router: Router
  router.open(path)
}

/// Every initializer captures the bag: the default is dead.
final class ProfileViewModel {
  private var implicits = Implicits()

  init(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  init(copying other: ProfileViewModel, _ scope: ImplicitScope) {
    self.implicits = #implicits
  }

  func onAppear() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    route("/profile", scope)
  }
}

/// Broken: `bind(_:)` may not have run when the view appears (`showFeedUnbound` crashes at
/// run time). The analyzer does not follow the order of calls: the model is reported even
/// where every caller binds first; set the bag in `init` or make it optional.
final class FeedViewModel {
  private var implicits = Implicits() // expected-error@:27 [unresolved-implicit] {{unresolved implicit 'Tracker' in a scope restored from an empty bag}} // expected-note@:27 {{'Tracker' is required where 'FeedViewModel.implicits' is restored, which keeps the bag stored here}}

  init() {}

  func bind(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  func onAppear() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track("feed", scope) // expected-note@:5 {{'Tracker' is required by the call to 'track(_:_:)' here}}
  }
}

func showScreens() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var tracker = Tracker()
  @Implicit var router = Router()
  ProfileViewModel(scope).onAppear()
  let feed = FeedViewModel()
  feed.bind(scope)
  feed.onAppear()
}

func showFeedUnbound() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var tracker = Tracker()
  FeedViewModel().onAppear()
}
