// Written in the session-31 hunt, as a music player's view models are written: a local
// bound to a stored property's value (`let api = services.api`, `let player =
// services.player`, `guard let player = self.player`, `let playing = track`) calls a
// method that two types declare with the same signature. The local's value is the
// property's, so its type is the property's declared one (annotated or initial value),
// down the path: each call reaches one `refresh(_:)`.
// Before: a false `ambiguous-call` at the two calls through a property's value, a false
// 'Library' at 'play' and a false 'AudioSession' at 'browse'.
// Planted: 'playWithoutLibrary' lacks 'Library', read by 'CatalogAPI.refresh(_:)' only.
import Implicits

struct Library: Sendable { func tracks() -> [String] { [] } }
struct AudioSession: Sendable { var volume = 1.0 }

final class CatalogAPI {
  func refresh(_ scope: ImplicitScope) -> [String] {
    @Implicit var library: Library // expected-note@:19 {{'Library' is read here}}
    return library.tracks()
  }
}

final class Player {
  var current: Track?
  func refresh(_ scope: ImplicitScope) -> Double {
    @Implicit var session: AudioSession
    return session.volume
  }
}

final class Track {
  let title: String
  init(title: String) { self.title = title }
  func refresh(_ scope: ImplicitScope) -> Double {
    @Implicit var session: AudioSession
    return session.volume
  }
}

struct Services {
  let api = CatalogAPI()
  let player: Player = Player()
}

final class Queue {
  var current: Track? = Track(title: "intro")
}

final class Session {
  var queue: Queue?
}

final class NowPlayingModel {
  let services: Services
  var player: Player?
  let session = Session()

  init(services: Services) {
    self.services = services
    player = services.player
  }

  func reload(_ scope: ImplicitScope) -> Int {
    let api = services.api
    return api.refresh(scope).count // expected-note@:12 {{'Library' is required by the call to 'refresh(_:)' here}}
  }

  func volume(_ scope: ImplicitScope) -> Double {
    guard let player = self.player else { return 0 }
    return player.refresh(scope)
  }

  func trackVolume(_ scope: ImplicitScope) -> Double {
    guard let track = session.queue else { return 0 }
    return track.current.map { $0.title.isEmpty ? 0 : Self.level(of: $0, scope) } ?? 0
  }

  static func level(of track: Track, _ scope: ImplicitScope) -> Double {
    let playing = track
    return playing.refresh(scope)
  }
}

func startPlayback(_ services: Services, _ scope: ImplicitScope) -> Double {
  let player = services.player
  return player.refresh(scope)
}

func play() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = AudioSession()
  let services = Services()
  let model = NowPlayingModel(services: services)
  _ = model.volume(scope) + model.trackVolume(scope) + startPlayback(services, scope)
}

func browse() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var library = Library()
  _ = NowPlayingModel(services: Services()).reload(scope)
}

func playWithoutLibrary() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Library' at this entry point}}
  defer { scope.end() }
  @Implicit var session = AudioSession()
  let model = NowPlayingModel(services: Services())
  _ = model.volume(scope) + Double(model.reload(scope)) // expected-note@:36 {{'Library' is required by the call to 'reload(_:)' here}}
}
