// A debug menu built without `--define DEBUG`: whether it reads its theme is up to the
// configuration, and its interface says so (`"conditions": ["DEBUG"]`).
import Implicits

public struct MenuTheme: Sendable { public init() {} }

public func debugMenuTitle(_ scope: ImplicitScope) -> String {
#if DEBUG
  @Implicit var theme: MenuTheme
  return "Debug"
#else
  return ""
#endif
}
