// A kit whose banner reads the overlay flag in debug builds only: its interface says so
// (`"conditions": ["DEBUG"]`), and a dependant declares the flag where DEBUG holds.
import Implicits

public enum OverlayKey: ImplicitKeyType { public typealias Value = Bool }
extension ImplicitsKeys {
  public var overlay: OverlayKey.Type { OverlayKey.self }
}

public func banner(_ title: String, _ scope: ImplicitScope) -> String {
#if DEBUG
  @Implicit(\.overlay) var overlay: Bool
  return overlay ? "[debug] \(title)" : title
#else
  return title
#endif
}
