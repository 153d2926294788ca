// Methods of protocol extensions that are not requirements are dispatched statically:
// a conforming type's value reaches them; so does a subclass's value reach the final
// methods of its superclass.
import Implicits

struct Cache { init() {} }
struct Clock { init() {} }

protocol Refreshable {
  var name: String { get }
}

extension Refreshable {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var cache: Cache
  }

  func scheduleRefresh(_ scope: ImplicitScope) {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
    refresh(scope)
  }
}

struct FeedScreen: Refreshable {
  let name = "feed"
}

final class InboxScreen: Refreshable {
  let name = "inbox"

  func appear(_ scope: ImplicitScope) {
    scheduleRefresh(scope) // expected-note@:5 {{'Clock' is required by the call to 'scheduleRefresh(_:)' here}}
  }
}

func open(_ feed: FeedScreen, _ inbox: InboxScreen) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var cache = Cache()
  feed.refresh(scope)
  inbox.appear(scope) // expected-note@:3 {{'Clock' is required by the call to 'appear(_:)' here}}
}

func openAll(_ screens: [any Refreshable]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache()
  @Implicit var clock = Clock()
  for screen in screens {
    screen.scheduleRefresh(scope)
  }
}

class BaseController {
  final func prepare(_ scope: ImplicitScope) {
    @Implicit var clock: Clock // expected-note@:19 {{'Clock' is read here}}
  }
}

final class SettingsController: BaseController {
  func show(_ scope: ImplicitScope) {
    prepare(scope) // expected-note@:5 {{'Clock' is required by the call to 'prepare(_:)' here}}
    self.prepare(scope)
  }
}

func openSettings(_ controller: SettingsController) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  controller.prepare(scope) // expected-note@:3 {{'Clock' is required by the call to 'prepare(_:)' here}}
  controller.show(scope) // expected-note@:3 {{'Clock' is required by the call to 'show(_:)' here}}
}
