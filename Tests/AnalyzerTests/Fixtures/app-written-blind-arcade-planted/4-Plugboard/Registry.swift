import BlindKit
import Implicits

/// Holds booted plugins of one kind, keyed by a name.
public final class Registry<P: Plugin> {
  private var entries: [String: P] = [:]
  public init() {}

  public func load(as name: String, _ scope: ImplicitScope) {
    entries[name] = P.boot(scope)
  }

  public subscript(name: String) -> P? { entries[name] }

  public func run(_ name: String, on text: String, _ scope: ImplicitScope) -> String {
    guard let plugin = entries[name] else {
      note("no plugin \(name)", scope)
      return text
    }
    return plugin.apply(text, scope)
  }

  public var names: [String] { entries.keys.sorted() }
}

/// A chain of plugins of different kinds, run one after another.
public struct Chain {
  private var plugins: [any Plugin]
  public init(_ plugins: [any Plugin]) { self.plugins = plugins }

  public func run(_ text: String, _ scope: ImplicitScope) -> String {
    plugins.reduce(text) { text, plugin in plugin.apply(text, scope) }
  }

  public static func standard(_ scope: ImplicitScope) -> Chain {
    Chain([Reverse.boot(scope), Uppercase.boot(scope)])
  }
}

/// Boots one plugin of a kind chosen by the caller, as an opaque value.
public func bootFirst(_ scope: ImplicitScope) -> some Plugin {
  Repeat.boot(scope)
}

/// Builds the registries the app uses and runs each plugin once.
public func demoPlugins(_ scope: ImplicitScope) -> [String] {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.pluginPrefix) var pluginPrefix = "plug:"
  let uppers = Registry<Uppercase>()
  uppers.load(as: "shout", scope)
  let repeats = Registry<Repeat>()
  repeats.load(as: "echo", scope)
  var out = [
    uppers.run("shout", on: "hi", scope),
    repeats.run("echo", on: "ho", scope),
    repeats.run("missing", on: "hum", scope),
    Chain.standard(scope).run("abc", scope),
  ]
  let first = bootFirst(scope)
  out.append(first.apply("x", scope))
  return out
}
