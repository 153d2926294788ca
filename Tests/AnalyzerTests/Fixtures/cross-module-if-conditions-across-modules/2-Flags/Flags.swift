// A feature-flag module: flags come from a store on iOS and in DEBUG builds elsewhere (an
// `#elseif` chain), and are off otherwise.
import Implicits

public struct FlagStore: Sendable { public init() {} }

public func isEnabled(_ flag: String, _ scope: ImplicitScope) -> Bool {
#if os(iOS)
  @Implicit var store: FlagStore
  return true
#elseif DEBUG
  @Implicit var store: FlagStore
  return !flag.isEmpty
#else
  return false
#endif
}
