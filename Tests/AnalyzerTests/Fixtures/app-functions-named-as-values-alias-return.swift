// A settings screen's rows get their actions from the view model: methods returning a
// closure alias (`RowAction`), one with `return signOut`, one with `{ track }` as its body.
// The name returned is the closure `{ scope in signOut(scope) }` written there (a silent
// miss before: only a function type written out made it a value).
import Implicits

typealias RowAction = (ImplicitScope) -> Void

struct Analytics { init() {} }
struct AccountStore { init() {} }

final class SettingsModel {
  func signOut(_ scope: ImplicitScope) {
    @Implicit var store: AccountStore // expected-note@:19 {{'AccountStore' is read here}}
  }

  func track(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
  }

  func signOutAction() -> RowAction {
    return signOut // expected-note@:12 {{'AccountStore' is required by the closure created here}}
  }

  func trackAction() -> RowAction { track } // expected-note@:37 {{'Analytics' is required by the closure created here}}

  func count() -> Int { return rows }

  var rows: Int { 2 }
}

func tapSignOut(model: SettingsModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var store = AccountStore()
  let action = model.signOutAction()
  action(scope)
}

func tapSignOutWithoutStore(model: SettingsModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'AccountStore' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let action = model.signOutAction()
  action(scope) // expected-note@:3 {{'AccountStore' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}

func tapTrackWithoutAnalytics(model: SettingsModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var store = AccountStore()
  model.trackAction()(scope) // expected-note@:3 {{'Analytics' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
}
