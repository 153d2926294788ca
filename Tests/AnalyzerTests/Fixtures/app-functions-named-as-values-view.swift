// A view wires its buttons to methods of its view model (`refreshButton.onTap =
// model.refresh`); a button calls what it holds with the scope of the screen showing it.
import Implicits

struct API { init() {} }
struct Sharing { init() {} }

final class Button {
  var onTap: ((ImplicitScope) -> Void)?

  func tap(_ scope: ImplicitScope) {
    onTap?(scope) // expected-note@:5 {{'Sharing' is required by the closures stored in 'Button.onTap' that this call may run}}
  }
}

final class FeedModel {
  func refresh(_ scope: ImplicitScope) {
    @Implicit var api: API
  }

  func share(_ scope: ImplicitScope) {
    @Implicit var sharing: Sharing // expected-note@:19 {{'Sharing' is read here}}
  }
}

final class FeedView {
  let refreshButton = Button()
  let shareButton = Button()
  let model = FeedModel()

  func wire() {
    refreshButton.onTap = model.refresh
    shareButton.onTap = self.model.share // expected-note@:25 {{'Sharing' is required by the closure created here}}
  }
}

func showFeed(_ view: FeedView) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Sharing' at this entry point}}
  defer { scope.end() }
  @Implicit var api = API()
  view.refreshButton.tap(scope) // expected-note@:3 {{'Sharing' is required by the call to 'tap(_:)' here}}
}
