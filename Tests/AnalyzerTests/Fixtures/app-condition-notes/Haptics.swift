// The note naming a configuration points at the `#if` the error comes through, not at
// the first `#if` of that condition in the module (here, in this file).
import Implicits

struct HapticEngine { init() {} }
struct AudioSession { init() {} }

func vibrate(_ scope: ImplicitScope) {
  @Implicit var engine: HapticEngine // expected-note@:17 {{'HapticEngine' is read here}}
}

func playChime(_ scope: ImplicitScope) {
  @Implicit var session: AudioSession
}

final class HapticsController {
  init() {}
  func prepare() {
    #if os(iOS)
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var engine = HapticEngine()
    vibrate(scope)
    #endif
  }
}
