// A coordinator makes its child inside the scope its bag restores and keeps it in a local,
// whose type the analyzer reads from what the `withScope` body returns; the callback it
// sets there takes the scope untyped, as the property's type says (issue 18 item 8: the
// eighth blind round's mail app).
import Implicits

final class Analytics { init() {} }

final class Compose {
  var onFinish: ((String, ImplicitScope) -> Void)?
  init(_ scope: ImplicitScope) {}

  func finish(_ scope: ImplicitScope) {
    onFinish?("sent", scope) // expected-note@:5 {{'Analytics' is required by the closures stored in 'Compose.onFinish' that this call may run}}
  }
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

final class MailFlow {
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  func reply() {
    let compose = withScope(with: implicits) { scope in Compose(scope) }
    compose.onFinish = { result, scope in
      track(result, scope)
    }
    let draft = try? withScope(with: implicits) { scope in
      return Compose(scope)
    }
    draft?.onFinish = { _, scope in
      track("draft", scope)
    }
    withScope(with: implicits) { scope in compose.finish(scope) }
  }
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  MailFlow(scope).reply()
}

// A preview without the analytics: the callback's read is reported where it runs.
func preview() {
  let compose = withScope { scope in Compose(scope) }
  compose.onFinish = { result, scope in track(result, scope) } // expected-note@:22 {{'Analytics' is required by the closure created here}} // expected-note@:41 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  withScope { scope in compose.finish(scope) } // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}} // expected-note@:24 {{'Analytics' is required by the call to 'finish(_:)' here}}
}
