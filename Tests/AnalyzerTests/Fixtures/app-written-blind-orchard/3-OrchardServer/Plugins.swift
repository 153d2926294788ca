// Sensor plugins, registered by name. A plugin is any value conforming to `Plugin`; the
// registry keeps a factory per name that builds the plugin in the scope it is given.
import Implicits
import OrchardCore

public protocol Plugin: Sendable {
  var name: String { get }
  func status() -> String
}

public typealias PluginFactory = @Sendable (ImplicitScope) -> any Plugin

public final class PluginRegistry: @unchecked Sendable {
  private var factories: [String: PluginFactory] = [:]
  private var order: [String] = []

  public init() {}

  public func register(_ name: String, _ factory: @escaping PluginFactory) {
    if factories[name] == nil { order.append(name) }
    factories[name] = factory
  }

  public var names: [String] { order }

  public func make(_ name: String, _ scope: ImplicitScope) -> (any Plugin)? {
    factories[name]?(scope)
  }

  public func makeAll(_ scope: ImplicitScope) -> [any Plugin] {
    order.compactMap { factories[$0]?(scope) }
  }
}

struct MoisturePlugin: Plugin {
  @Implicit var profile: SoilProfile
  let name = "moisture"
  init(_ scope: ImplicitScope) {}
  func status() -> String { "dry below \(profile.dry)" }
}

struct ClockPlugin: Plugin {
  let name = "clock"
  let started: Int
  init(_ scope: ImplicitScope) {
    @Implicit var clock: any Clock
    started = clock.now()
  }
  func status() -> String { "started at \(started)" }
}

/// The registry every server starts with.
public func standardRegistry() -> PluginRegistry {
  let registry = PluginRegistry()
  registry.register("moisture") { scope in MoisturePlugin(scope) }
  registry.register("clock") { scope in ClockPlugin(scope) }
  return registry
}

/// Plugins whose type matches, found among existentials.
public func plugins<P: Plugin>(of type: P.Type, in all: [any Plugin]) -> [P] {
  all.compactMap { $0 as? P }
}
