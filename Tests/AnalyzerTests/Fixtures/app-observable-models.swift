// `@Observable` view models keep their implicits in `@ObservationIgnored` stored
// properties; `@ObservationIgnored` is a macro, not a property wrapper, so either order
// of the two attributes is fine. A real wrapper outside `@Implicit` is not.
import Implicits
import Observation

struct Analytics { init() {} }
protocol Payments {}
struct StripePayments: Payments { init() {} }

@propertyWrapper struct Logged<Value> {
  var wrappedValue: Value
}

@Observable
final class CheckoutModel {
  @ObservationIgnored @Implicit var analytics: Analytics
  @Implicit @ObservationIgnored var payments: any Payments // expected-note@:37 {{'any Payments' is read by this stored property when 'init(_ scope:)' runs}}
  var total = 0
  init(_ scope: ImplicitScope) {}
}

@MainActor @Observable
final class ProfileModel {
  @ObservationIgnored @Implicit var analytics: Analytics
  var name = ""
  init(_ scope: ImplicitScope) {}
}

@Observable @MainActor
final class SettingsModel {
  @ObservationIgnored
  @Implicit var analytics: Analytics
  init(_ scope: ImplicitScope) {}
}

final class AuditModel {
  @Logged @Implicit var analytics: Analytics // expected-error@:11 [implicit-not-outermost] {{'@Implicit' must be the outermost property wrapper; move it before '@Logged'}} expected-note@:3 {{'@Logged' wraps the value first}}
  init(_ scope: ImplicitScope) {}
}

@MainActor
func showCheckout() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var payments: any Payments = StripePayments()
  _ = CheckoutModel(scope)
  _ = ProfileModel(scope)
  _ = SettingsModel(scope)
}

@MainActor
func showCheckoutWithoutPayments() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any Payments' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = CheckoutModel(scope) // expected-note@:7 {{'any Payments' is required by the call to 'CheckoutModel.init(_:)' here}}
}
