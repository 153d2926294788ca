// Callbacks that hold `[weak self]` call back through `self?.` (or `self!.`) after
// restoring a bag: the receiver is the enclosing type, as for `self.`, and an optional
// of a known type (`player?.`) is that type's. Two types here have a `handle(_:_:)` that
// need different implicits, so a receiver the analyzer cannot tell would be ambiguous.
import Foundation
import Implicits

struct Analytics { init() {} }
struct Player { init() {} }
struct Queue { init() {} }

final class PlaybackRouter {
  init() {}
  func handle(_ event: String, _ scope: ImplicitScope) {
    @Implicit var queue: Queue // expected-note@:19 {{'Queue' is read here}}
  }
}

final class NowPlayingCoordinator {
  var onClose: (() -> Void)?
  private var router: PlaybackRouter?
  init() {}

  func handle(_ event: String, _ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
  }

  func start(_ scope: ImplicitScope) {
    router = PlaybackRouter()
    onClose = { [weak self, implicits = Implicits.captureAll()] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      self?.handle("close", scope)
    }
    NotificationCenter.default.addObserver(forName: .init("pause"), object: nil, queue: nil) { [unowned self, implicits = Implicits.captureAll()] _ in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      self.handle("pause", scope)
    }
  }

  func forward(_ event: String, _ scope: ImplicitScope, to router: PlaybackRouter?) {
    router?.handle(event, scope) // expected-note@:5 {{'Queue' is required by the call to 'handle(_:_:)' here}}
    router!.handle(event, scope)
  }
}

func showNowPlaying() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var queue = Queue()
  let coordinator = NowPlayingCoordinator()
  coordinator.start(scope)
  coordinator.forward("next", scope, to: PlaybackRouter())
}

// Broken: the router's `handle` reads the queue.
func skipTrack(_ coordinator: NowPlayingCoordinator) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Queue' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  coordinator.forward("skip", scope, to: PlaybackRouter()) // expected-note@:3 {{'Queue' is required by the call to 'forward(_:_:to:)' here}}
}
