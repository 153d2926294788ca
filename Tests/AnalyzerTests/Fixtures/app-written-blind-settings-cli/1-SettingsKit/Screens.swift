import Implicits

/// A screen shows itself; most only record that they were shown.
public protocol Screen {
  var title: String { get }
}

extension Screen {
  public func show(_ scope: ImplicitScope) {
    track("show.\(title)", scope)
  }

  /// Shows the screen, then every screen it leads to.
  public func showFlow(_ next: [any Screen], _ scope: ImplicitScope) {
    show(scope)
    for screen in next { screen.show(scope) }
  }
}

public struct AboutScreen: Screen {
  public let title = "about"
  public init() {}
}

public struct ProfileScreen: Screen {
  public let title = "profile"
  public init() {}

  public func show(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
    track("show.profile.\(clock.now)", scope)
  }
}

/// A cache that stamps each entry with the time it was made.
public struct Stamped<Value> {
  public private(set) var entries: [String: (value: Value, at: Int)] = [:]
  public init() {}
}

extension Stamped {
  public mutating func value(for key: String, _ scope: ImplicitScope, make: () -> Value) -> Value {
    if let entry = entries[key] { return entry.value }
    @Implicit var clock: Clock
    let value = make()
    entries[key] = (value, clock.now)
    return value
  }
}

extension Stamped where Value == String {
  public func summary(_ scope: ImplicitScope) -> String {
    @Implicit(\.locale) var locale: String
    return "\(locale): " + entries.keys.sorted().joined(separator: ",")
  }
}
