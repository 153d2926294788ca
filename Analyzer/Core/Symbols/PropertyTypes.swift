#if ImplicitsAnalysis
/// The module's stored property types and superclasses, as written where each type is
/// declared, from every file: the one index that the closure aliases
/// (`ScopeClosureAliases`: `feed.onTap` through the type of `feed`) and call resolution
/// (`SymbolTable`: `self.store.save(scope)` through the type of `store`) read. Built once per
/// check, with the aliases, before any file is simulated.
struct PropertyTypes: Sendable {
  /// Type → stored property → its type as written (`KeyInference.typeName`).
  private var instance: [String: [String: String]] = [:]
  /// Type → static property → its type.
  private var statics: [String: [String: String]] = [:]
  /// Class → its superclass as written (the first inherited type).
  private var superclasses: [String: String] = [:]

  init() {}

  init(files: [FileSummary]) {
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for file in files.indices {
      for type in files[file].declarations.types {
        for (name, written) in type.propertyTypes { instance[type.name, default: [:]][name] = written }
        for (name, written) in type.staticPropertyTypes { statics[type.name, default: [:]][name] = written }
        if let superclass = type.superclass { superclasses[type.name] = superclass }
      }
    }
  }

  /// The declared type of stored property `name` of `owner` (a full type name), if known.
  func type(of name: some StringProtocol, in owner: String) -> String? {
    instance[owner]?[String(name)]
  }

  /// The stored properties of `owner` (a full type name) whose types are known, sorted.
  func names(in owner: String) -> [String] {
    instance[owner].map { $0.keys.sorted() } ?? []
  }

  /// The declared type of static property `name` of `owner`, if known.
  func staticType(of name: String, in owner: String) -> String? {
    statics[owner]?[name]
  }

  /// Adds every type's property types, static ones and superclass to `hash`, in name
  /// order, lengths first (`ScopeClosureAliases.digest`).
  func add(to hash: inout ContentHash) {
    for (label, table) in [("properties", instance), ("statics", statics)] {
      hash.add(" " + label + " " + String(table.count))
      for (owner, properties) in table.sorted(by: { $0.key < $1.key }) {
        hash.add(" " + String(owner.utf8.count) + " " + String(properties.count) + " ")
        hash.add(owner)
        for (name, type) in properties.sorted(by: { $0.key < $1.key }) {
          hash.add(String(name.utf8.count) + " " + String(type.utf8.count) + " ")
          hash.add(name)
          hash.add(type)
        }
      }
    }
    hash.add(" superclasses " + String(superclasses.count))
    for (type, superclass) in superclasses.sorted(by: { $0.key < $1.key }) {
      hash.add(String(type.utf8.count) + " " + String(superclass.utf8.count) + " ")
      hash.add(type)
      hash.add(superclass)
    }
  }

  /// The superclass of class `type` as written, if it has one.
  func superclass(of type: String) -> String? {
    superclasses[type]
  }
}
#endif
