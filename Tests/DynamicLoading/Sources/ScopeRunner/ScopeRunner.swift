import Implicits

final class Greeting {
  let text: String
  init(_ text: String) { self.text = text }
}

func greet(_ scope: ImplicitScope) -> String {
  @Implicit var greeting: Greeting
  @Implicit var count: Int
  return "\(greeting.text) x\(count)"
}

/// Opens a scope, declares two values, reads them through a nested scope and a bag, ends
/// everything; returns 1 when every read saw what it should. Called by the host via dlsym.
@_cdecl("implicits_run_scope")
public func runScope() -> Int32 {
  let scope = ImplicitScope()
  @Implicit var greeting = Greeting("hello")
  @Implicit var count = 3
  let direct = greet(scope)
  let nested = scope.nested()
  @Implicit var inner = 4
  let shadowed = greet(nested)
  nested.end()
  let bag = Implicits.captureAll()
  scope.end()
  let restored = withScope(with: bag) { greet($0) }
  return direct == "hello x3" && shadowed == "hello x4" && restored == "hello x3" ? 1 : 0
}
