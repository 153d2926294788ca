// A nested type is its own key: `Payments.Config` is not the top-level `Config`.
struct Config { init() {} }

enum Payments {
  struct Config { init() {} }

  static func charge(_ scope: ImplicitScope) {
    @Implicit var config: Config // expected-note@:19 {{'Payments.Config' is read here}}
  }

  static func audit(_ scope: ImplicitScope) {
    @Implicit var appConfig: Fixture.Config
  }
}

extension Payments {
  static func refund(_ scope: ImplicitScope) {
    @Implicit var config: Payments.Config
  }
}

func checkout() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Payments.Config' at this entry point}}
  defer { scope.end() }
  @Implicit var config = Config()
  Payments.charge(scope) // expected-note@:3 {{'Payments.Config' is required by the call to 'charge(_:)'}}
  Payments.audit(scope)
}

func refundOrder() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = Payments.Config()
  Payments.charge(scope)
  Payments.refund(scope)
}

extension Payments {
  static func settle() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var config = Config()
    charge(scope)
    refund(scope)
  }
}
