// A public static property of another module's type, read into an implicit
// (`@Implicit var clock = Clock.fixed`), in a body and in a `.implicits { }` trait: the
// runtime keys it as `Clock`, and so does the analyzer, through the interface's property
// types (2049b8d). Found by the blind round of session 12, where both were
// `key-not-inferable`; the trait form stayed so until trait closures read a static
// property's key as bodies do.
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
