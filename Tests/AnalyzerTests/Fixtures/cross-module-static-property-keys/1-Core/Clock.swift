// A public static property of another module's type, read into an implicit
// (`@Implicit var clock = Clock.fixed`): the runtime keys it as `Clock`. Found by the blind
// round of session 12. In a body the analyzer resolves it through the interface's property
// types (2049b8d); in a `.implicits { }` trait it still cannot tell the key.
// analyzer-known-issue: a trait's `@Implicit var clock = Clock.fixed` does not resolve a dependency's static property (the same declaration in a body does)
import Implicits

public struct Clock: Sendable {
  public var now: @Sendable () -> Int
  public init(now: @escaping @Sendable () -> Int) { self.now = now }
  public static let fixed = Clock(now: { 1_700_000_000 })
  public static var system: Clock { Clock(now: { 0 }) }
  public static func make() -> Clock { Clock(now: { 1 }) }
}

public func stamp(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock
  return clock.now()
}
