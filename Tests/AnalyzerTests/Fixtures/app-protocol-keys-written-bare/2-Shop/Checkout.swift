import Implicits
import Telemetry

protocol Payments: Sendable {}
struct StripePayments: Payments {}
typealias PaymentService = Payments

func pay(_ scope: ImplicitScope) {
  @Implicit var payments: PaymentService
  track("pay", scope) // expected-note@:3 {{'any Analytics' is required by the call to 'track(_:_:)' here}} // expected-note@:3 {{'any Analytics' is read in 'track(_:_:)' at app-protocol-keys-written-bare/1-Telemetry/Telemetry.swift:15:17}}
  report(scope)
}

func checkout() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics: Analytics = ConsoleAnalytics()
  @Implicit((any Crashes).self) var crashes = Crashlytics()
  @Implicit var payments: any Payments = StripePayments()
  pay(scope)
}

func checkoutWithoutAnalytics() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var crashes: Crashes = Crashlytics()
  @Implicit var payments: Payments = StripePayments()
  pay(scope) // expected-note@:3 {{'any Analytics' is required by the call to 'pay(_:)' here}}
}
