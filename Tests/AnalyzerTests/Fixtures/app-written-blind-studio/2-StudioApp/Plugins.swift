import Implicits
import StudioCore

/// A plugin with its own configuration type; the registry activates it with a config
/// built from the implicits of the scope it is activated in.
protocol StudioPlugin {
  associatedtype Configuration
  static var name: String { get }
  func activate(_ configuration: Configuration) -> String
}

struct SpellCheck: StudioPlugin {
  struct Configuration { var language: String; var strict: Bool }
  static var name: String { "spellcheck" }
  func activate(_ configuration: Configuration) -> String {
    "spellcheck(\(configuration.language), strict: \(configuration.strict))"
  }
}

struct WordCount: StudioPlugin {
  typealias Configuration = Int
  static var name: String { "wordcount" }
  func activate(_ configuration: Int) -> String { "wordcount(limit: \(configuration))" }
}

/// Holds activated plugins by name; configurations come from factories that take a scope.
final class PluginRegistry {
  private var activated: [String: String] = [:]
  private var factories: [String: (ImplicitScope) -> String] = [:]

  func register<P: StudioPlugin>(_ plugin: P, configure: @escaping (ImplicitScope) -> P.Configuration) {
    factories[P.name] = { scope in plugin.activate(configure(scope)) }
  }

  func activateAll(_ scope: ImplicitScope) -> [String] {
    for (name, factory) in factories.sorted(by: { $0.key < $1.key }) {
      activated[name] = factory(scope)
    }
    return activated.keys.sorted().compactMap { activated[$0] }
  }
}

/// The app's plugin setup: each configuration reads what it needs from the activating scope.
func makeRegistry() -> PluginRegistry {
  let registry = PluginRegistry()
  registry.register(SpellCheck()) { scope in
    @Implicit var flags: FeatureFlags
    return SpellCheck.Configuration(language: "en", strict: flags.experimentalExport)
  }
  registry.register(WordCount()) { scope in
    @Implicit var settings: UserSettings
    return settings.fontSize * 100
  }
  return registry
}

/// A generic cache in front of a repository: `Repository` is created in its scope.
struct CachedLookup<Entity: Storable> {
  let repository: Repository<Entity>

  init(_ scope: ImplicitScope) {
    repository = Repository<Entity>(scope)
  }

  func lookup(_ id: Entity.ID, orElse make: () -> Entity) -> Entity {
    if let found = repository.find(id) { return found }
    let made = make()
    repository.save(made)
    return made
  }
}
