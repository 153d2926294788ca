// Designated-init chains: `super.init(scope)`, `self.init(…, scope)`, `.init(scope)`.
struct Theme { init() {} }
struct Session { init() {} }
struct Router { init() {} }

class BaseViewController {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
}

final class SettingsViewController: BaseViewController {
  @Implicit var session: Session
  override init(_ scope: ImplicitScope) {
    super.init(scope) // expected-note@:5 {{'Theme' is required by the call to 'BaseViewController.init(_:)' here}}
  }
}

final class MapViewController {
  @Implicit var router: Router
  init(_ scope: ImplicitScope) {}
}

struct CheckoutModel {
  let retries: Int
  init(_ scope: ImplicitScope) {
    self.init(retries: 3, scope) // expected-note@:5 {{'Session' is required by the call to 'CheckoutModel.init(retries:_:)' here}}
  }
  init(retries: Int, _ scope: ImplicitScope) {
    @Implicit var session: Session // expected-note@:19 {{'Session' is read here}}
    self.retries = retries
  }
}

func makeCheckout(_ scope: ImplicitScope) -> CheckoutModel {
  let model: CheckoutModel = .init(scope) // expected-note@:30 {{'Session' is required by the call to 'CheckoutModel.init(_:)' here}}
  return model
}

func openSettings() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  _ = SettingsViewController(scope) // expected-note@:7 {{'Theme' is required by the call to 'SettingsViewController.init(_:)'}}
}

func openSettingsThemed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  @Implicit var theme = Theme()
  _ = SettingsViewController(scope)
  _ = makeCheckout(scope)
}

func openCheckout() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  _ = makeCheckout(scope) // expected-note@:7 {{'Session' is required by the call to 'makeCheckout(_:)'}}
}
