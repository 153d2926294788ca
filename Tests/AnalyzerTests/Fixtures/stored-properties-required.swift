struct Logger {}
struct Clock {}

final class Service {
  @Implicit() var logger: Logger
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
}

extension Service {
  convenience init(_ scope: ImplicitScope, name: String) {
    self.init(scope)
  }
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  let service = Service(scope) // expected-note@:17 {{'Clock' is required by the call to 'Service.init(_:)' here}}
  _ = service
}
