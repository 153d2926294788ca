// A public static property of another module's type, read into an implicit
// (`@Implicit var clock = Clock.fixed`): the runtime keys it as `Clock`; the analyzer
// cannot tell the key, because the interface records the return types of functions but
// not the types of public properties. Found by the blind round of session 12.
// analyzer-known-issue: public property types are not in the .implicitinterface (`static let fixed = Clock(…)`, `static var system: Clock`), so their keys are not inferable in other modules
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
