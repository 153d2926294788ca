// Named keys written by hand (no macros, no plugin-generated accessor), as README's
// `traits: []` setup writes them. A key type conforming to `DefaultImplicitKey` has a
// default, like `Key<Int>(default: 3)`: reads of it are always provided, here and in
// the modules that depend on this one. `ImplicitKeyType` alone has none.
import Implicits

public enum RetriesKey: DefaultImplicitKey {
  public typealias Value = Int
  public static var defaultValue: Int { 3 }
}

public enum TimeoutKey: ImplicitKeyType { public typealias Value = Int }

extension ImplicitsKeys {
  public var retries: RetriesKey.Type { RetriesKey.self }
  public var backoff: BackoffKey.Type { BackoffKey.self }
  public var timeout: TimeoutKey.Type { TimeoutKey.self }
}

public func attempts(_ scope: ImplicitScope) -> Int {
  @Implicit(\.retries) var retries: Int
  @Implicit(\.backoff) var backoff: Int
  return retries * backoff
}

public func deadline(_ scope: ImplicitScope) -> Int {
  @Implicit(\.timeout) var timeout: Int // expected-note@:28 {{'\.timeout' is read here}}
  return timeout
}

func plan() -> Int {
  withScope { scope in attempts(scope) }
}

func planDeadline() -> Int {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit '\.timeout' at this entry point}}
    deadline(scope) // expected-note@:5 {{'\.timeout' is required by the call to 'deadline(_:)' here}}
  }
}
