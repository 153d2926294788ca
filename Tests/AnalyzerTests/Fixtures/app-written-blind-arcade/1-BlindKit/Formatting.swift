import Implicits

/// A namespace of formatting helpers; the ones that take a scope read the locale.
public enum Format {
  public static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

  public static func greeting(for name: String, _ scope: ImplicitScope) -> String {
    @Implicit(\.locale) var locale: String
    switch locale {
    case "fr": return "Bonjour, \(name)"
    case "de": return "Hallo, \(name)"
    default: return "Hello, \(name)"
    }
  }

  public static func banner(_ title: String, _ scope: ImplicitScope) -> String {
#if DEBUG
    @Implicit(\.debugOverlay) var overlay: Bool
    return overlay ? "[debug] \(title)" : title
#else
    return title
#endif
  }
}

/// The platform tag printed in the app's header.
public func platformTag(_ scope: ImplicitScope) -> String {
#if os(Linux)
  @Implicit var journal: Journal
  journal.write("running on Linux")
  return "linux"
#else
  return "other"
#endif
}
