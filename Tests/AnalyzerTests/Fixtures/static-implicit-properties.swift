// A static `@Implicit` property: Swift makes a static property's value once, when it is
// first used, in whatever scope is current on that thread then, and keeps it for good. A
// read there stops the program when no scope declares the key at that moment, and a
// declaration goes into a scope the code never chose. Neither was reported (found by the
// session-27 hunt).
struct Clock { init() {} }
struct Theme { init() {} }

enum Shared {
  @Implicit static var clock: Clock // expected-error@:24 [implicit-outside-scope] {{implicit 'Clock' used outside any scope}}
  @Implicit static var theme = Theme() // expected-error@:24 [implicit-outside-scope] {{implicit 'Theme' declared outside any scope}}
  static let name = "shared"
}

extension Shared {
  @Implicit(\.region) static var region: String // expected-error@:34 [implicit-outside-scope] {{implicit '\.region' used outside any scope}}
}

// A stored one read by `init(_ scope:)` is the way.
final class Model {
  @Implicit var clock: Clock
  static let shared = 1
  init(_ scope: ImplicitScope) {}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  _ = Model(scope)
}
