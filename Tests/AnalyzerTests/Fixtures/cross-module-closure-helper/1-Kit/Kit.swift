public struct Clock { public init() {} }

public func withClock(_ scope: ImplicitScope, _ body: (ImplicitScope) -> Void) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var clock = Clock()
  body(scope)
}

public func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
}
