import Implicits

final class PlayerViewModel {
  init() {}

  func didFinishTrack() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var session = AudioSession()
    playChime(scope)
    #if os(iOS)
    @Implicit var engine = HapticEngine()
    vibrate(scope)
    #endif
  }

  // Broken: on iOS the haptic needs an engine nobody declares.
  func didSkipTrack() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'HapticEngine' at this entry point}}
    defer { scope.end() }
    @Implicit var session = AudioSession()
    playChime(scope)
    #if os(iOS) // expected-note@:5 {{reported where 'os(iOS)' holds}}
    vibrate(scope) // expected-note@:5 {{'HapticEngine' is required by the call to 'vibrate(_:)' here}}
    #endif
  }
}
