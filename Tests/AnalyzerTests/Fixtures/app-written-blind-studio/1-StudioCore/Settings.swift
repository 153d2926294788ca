import Implicits

/// Feature switches shared by every module; read once where a component is created.
public struct FeatureFlags: Sendable, Equatable {
  public var experimentalExport: Bool
  public var verboseNetwork: Bool
  public init(experimentalExport: Bool = false, verboseNetwork: Bool = false) {
    self.experimentalExport = experimentalExport
    self.verboseNetwork = verboseNetwork
  }
}

/// The settings a user picks; the theme derives from it with `Implicit.map`.
public struct UserSettings: Sendable {
  public var darkMode: Bool
  public var fontSize: Int
  public init(darkMode: Bool, fontSize: Int) {
    self.darkMode = darkMode
    self.fontSize = fontSize
  }
}

public struct Theme: Sendable, Equatable {
  public var background: String
  public var fontSize: Int
  public init(background: String, fontSize: Int) {
    self.background = background
    self.fontSize = fontSize
  }
}

/// Everything the core offers to the app in one place, read from the scope it is made in.
public final class CoreServices {
  @Implicit public var logger: Logger
  @Implicit public var store: KeyValueStore
  @Implicit public var flags: FeatureFlags

  public init(_ scope: ImplicitScope) {}

  /// A one-line summary for the CLI's `status` command.
  public func status(_ scope: ImplicitScope) -> String {
    @Implicit var clock: Clock
    return "flags=\(flags.experimentalExport) keys=\(store.keys.count) at \(clock.now())"
  }
}

/// The theme a user's settings ask for; the app's root derives it with `Implicit.map`.
public func theme(for settings: UserSettings) -> Theme {
  Theme(background: settings.darkMode ? "black" : "white", fontSize: settings.fontSize)
}

/// Reads the theme; views call it when they render.
public func currentTheme(_ scope: ImplicitScope) -> Theme {
  @Implicit var theme: Theme
  return theme
}

/// The token header the networking layer attaches.
public func authorizationHeader(_ scope: ImplicitScope) -> String {
  @Implicit(\.authToken) var token: String
  return "Bearer \(token)"
}
