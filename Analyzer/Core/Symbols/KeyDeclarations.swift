#if ImplicitsAnalysis
/// What `KeyResolver` reads of the module's own declarations. Two ways to answer:
/// `ModuleKeyTables` indexes every file once, for a check that resolves many files' keys;
/// `IndexedKeyDeclarations` reads only the files `KeyResolutionInputs` says declare the
/// name asked for, for a re-check that resolves a few (a one-file edit resolved one file's
/// keys with tables of the whole module, built and freed on one core: ~0.1 s of a 0.9 s
/// re-check at 5,000 files). Both answer every question alike, in file order.
protocol KeyDeclarations: Sendable {
  /// Whether the module declares or extends a type, or declares a typealias, of this full name.
  func declaresType(_ fullName: String) -> Bool
  /// The typealias of this full name (the last one declared): its target as written and
  /// the context the target is read in.
  func alias(_ fullName: String) -> (target: String, context: String?)?
  /// Whether some declaration of `type` has a property whose key is known.
  func hasPropertyKeys(_ type: String) -> Bool
  /// The key of property `name` of `type` (the first declared).
  func propertyKey(_ name: String, of type: String) -> WrittenKey?
  /// The superclass of `type` as written (the last declared).
  func superclass(of type: String) -> String?
  /// Whether some declaration of `type` has generic parameters (`final class Store<State>`):
  /// `Store(state: s)` then has a type the initializer's arguments decide, not `Store`.
  func isGeneric(_ type: String) -> Bool
  /// Whether the type (full name) is a protocol: written bare, it is the existential.
  func isProtocol(_ type: String) -> Bool
  /// Functions and initializers of `owner` ("" for free functions) named `name`, in file order.
  func functions(owner: String, name: String) -> [FunctionDecl]
  func declaresNamedKey(_ name: String) -> Bool
  /// Whether file `file` declares a `private`/`fileprivate` type of this full name.
  func declaresFilePrivateType(_ fullName: String, in file: Int) -> Bool
  func path(of file: Int) -> String
}

/// Every file's declarations in tables, built in one pass.
struct ModuleKeyTables: KeyDeclarations {
  private var types = TypeResolver()
  /// owner type ("" for free functions) → name → declarations.
  private var functions: [String: [String: [FunctionDecl]]] = [:]
  private var namedKeys: Set<String> = []
  /// owner type → name → key of the value, as written.
  private var propertyKeys: [String: [String: WrittenKey]] = [:]
  private var superclasses: [String: String] = [:]
  private var genericTypes: Set<String> = []
  private var protocolTypes: Set<String> = []
  /// `private`/`fileprivate` types: full name → the files (by index) declaring one.
  private var filePrivateTypes: [String: Set<Int>] = [:]
  private var paths: [String] = []

  init(files: [FileSummary]) {
    for (index, summary) in files.enumerated() {
      paths.append(summary.path)
      for type in summary.declarations.types {
        types.addType(type.name)
        for (name, key) in type.propertyKeys where propertyKeys[type.name]?[name] == nil {
          propertyKeys[type.name, default: [:]][name] = key
        }
        if let superclass = type.superclass { superclasses[type.name] = superclass }
        if !type.genericParameters.isEmpty { genericTypes.insert(type.name) }
        if type.isProtocol { protocolTypes.insert(type.name) }
        if type.isFilePrivate { filePrivateTypes[type.name, default: []].insert(index) }
      }
      for (name, target) in summary.declarations.typeAliases { types.addAlias(name, target: target) }
      for function in summary.declarations.functions {
        functions[function.typeName ?? "", default: [:]][function.baseName, default: []].append(function)
      }
      for key in summary.declarations.namedKeys { namedKeys.insert(key.name) }
    }
  }

  func declaresType(_ fullName: String) -> Bool { types.types.contains(fullName) || types.aliases[fullName] != nil }
  func alias(_ fullName: String) -> (target: String, context: String?)? { types.aliases[fullName] }
  func hasPropertyKeys(_ type: String) -> Bool { propertyKeys[type] != nil }
  func propertyKey(_ name: String, of type: String) -> WrittenKey? { propertyKeys[type]?[name] }
  func superclass(of type: String) -> String? { superclasses[type] }
  func isGeneric(_ type: String) -> Bool { genericTypes.contains(type) }
  func isProtocol(_ type: String) -> Bool { protocolTypes.contains(type) }
  func functions(owner: String, name: String) -> [FunctionDecl] { functions[owner]?[name] ?? [] }
  func declaresNamedKey(_ name: String) -> Bool { namedKeys.contains(name) }
  func declaresFilePrivateType(_ fullName: String, in file: Int) -> Bool { filePrivateTypes[fullName]?.contains(file) == true }
  func path(of file: Int) -> String { paths[file] }
}

/// The declarations read where they are, in the files `KeyResolutionInputs` lists for the
/// identifier of each question (`T`, `P`, `S`, `F`, `K`: the identifiers resolution
/// records as read), so that nothing is built for the files not asked about.
struct IndexedKeyDeclarations: KeyDeclarations {
  let inputs: KeyResolutionInputs
  /// The module's summaries before `simulate` (only their declarations are read).
  let files: [FileSummary]

  func declaresType(_ fullName: String) -> Bool {
    inputs.files(declaring: "T" + KeyResolutionReads.lastComponent(fullName)).contains { file in
      files[file].declarations.types.contains { $0.name == fullName }
        || files[file].declarations.typeAliases.contains { $0.name == fullName }
    }
  }

  func alias(_ fullName: String) -> (target: String, context: String?)? {
    var target: String?
    for file in inputs.files(declaring: "T" + KeyResolutionReads.lastComponent(fullName)) {
      for alias in files[file].declarations.typeAliases where alias.name == fullName { target = alias.target }
    }
    return target.map { ($0, TypeResolver.context(ofAlias: fullName)) }
  }

  func hasPropertyKeys(_ type: String) -> Bool { inputs.isDeclared("P" + type) }

  func propertyKey(_ name: String, of type: String) -> WrittenKey? {
    for file in inputs.files(declaring: "P" + type) {
      for declaration in files[file].declarations.types where declaration.name == type {
        if let property = declaration.propertyKeys.first(where: { $0.name == name }) { return property.key }
      }
    }
    return nil
  }

  func superclass(of type: String) -> String? {
    var superclass: String?
    for file in inputs.files(declaring: "S" + type) {
      for declaration in files[file].declarations.types where declaration.name == type {
        if let written = declaration.superclass { superclass = written }
      }
    }
    return superclass
  }

  func isGeneric(_ type: String) -> Bool {
    inputs.files(declaring: "T" + KeyResolutionReads.lastComponent(type)).contains { file in
      files[file].declarations.types.contains { $0.name == type && !$0.genericParameters.isEmpty }
    }
  }

  func isProtocol(_ type: String) -> Bool {
    inputs.files(declaring: "T" + KeyResolutionReads.lastComponent(type)).contains { file in
      files[file].declarations.types.contains { $0.name == type && $0.isProtocol }
    }
  }

  func functions(owner: String, name: String) -> [FunctionDecl] {
    inputs.files(declaring: "F" + owner + "\u{0}" + name).flatMap { file in
      files[file].declarations.functions.filter { ($0.typeName ?? "") == owner && $0.baseName == name }
    }
  }

  func declaresNamedKey(_ name: String) -> Bool { inputs.isDeclared("K" + name) }

  func declaresFilePrivateType(_ fullName: String, in file: Int) -> Bool {
    files[file].declarations.types.contains { $0.name == fullName && $0.isFilePrivate }
  }

  func path(of file: Int) -> String { files[file].path }
}
#endif
