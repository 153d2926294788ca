// A dependency with a static and an instance member of one name that need different
// implicits: a dependant calling through `T.self` or `type(of: value)` reaches the static
// one, as at run time.
import Implicits

public struct Palette: Sendable { public init() {} }
public struct Ruler: Sendable { public init() {} }

public struct Shape: Sendable {
  public init() {}
  public static func draw(_ scope: ImplicitScope) -> Shape {
    @Implicit var palette: Palette
    return Shape()
  }
  public func draw(_ scope: ImplicitScope) {
    @Implicit var ruler: Ruler
  }
  public func draw(_ scope: ImplicitScope, times: Int) {
    @Implicit var palette: Palette
  }
}
