// A blind round (session 13): the bag a base coordinator keeps as its initial value is
// restored by subclasses declared in another file, in overrides that take no scope.
import Implicits

final class Router { func push(_ screen: String) {} }
final class Analytics { func track(_ event: String) {} }

class Coordinator {
  let implicits = Implicits.captureAll() // expected-note@:19 {{'Analytics' is captured by the 'Implicits.captureAll()' bag here}}
  init(_ scope: ImplicitScope) {}
  func start() {}
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
  analytics.track(event)
}
