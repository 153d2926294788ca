// analyzer-known-issue: a dependency's interface lists what a function reads under `#if DEBUG` as required in every configuration, so a dependant that declares it under `#if DEBUG` gets an error where DEBUG does not hold (the seventh blind round's app, before it declared the overlay unconditionally)
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
