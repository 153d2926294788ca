#if ImplicitsAnalysis
import Foundation

/// Turns the keys the per-file passes read into module-wide identities, once every file
/// is known: type names resolve like Swift's lexical lookup (`Config` inside `Payments` is
/// `Payments.Config`), typealiases stand for their targets, module prefixes go, the types
/// of initial values are looked up (`init?`, declared return types), and a named key is
/// the one of the module that declares it (`\.region@Pricing` when a dependency does).
struct KeyResolver: Sendable {
  /// The module's own declarations.
  private let module: any KeyDeclarations
  /// Modules whose name may prefix a type: this one, its dependencies, the standard library.
  private var moduleNames: Set<String> = [KeySpelling.standardLibrary]
  /// Named keys of dependencies: name → the first module (in dependency order) declaring it.
  private var dependencyNamedKeys: [String: String] = [:]
  /// Static members and free functions of dependencies with a written return type: owner
  /// type ("" for free functions) → name → declarations.
  private var dependencyFunctions: [String: [String: [ModuleInterface.ValueFunction]]] = [:]
  /// Properties of dependencies' types, static and instance: owner type → name → the keys
  /// of their values (one unless a static and an instance property share the name).
  private var dependencyProperties: [String: [String: Set<KeyName>]] = [:]
  /// Dependencies' protocols a key names: those their interfaces list, and every `P` of an
  /// `any P` in their requirements and properties (a dependency resolves its own bare
  /// protocols to `any P`, so a dependant must read them so too).
  private var dependencyProtocols: Set<String> = []

  /// A resolver for the keys of many files: the module's declarations in tables.
  init(moduleName: String, files: [FileSummary], dependencies: [ModuleInterface], testable: Set<String> = []) {
    self.init(moduleName: moduleName, module: ModuleKeyTables(files: files), dependencies: dependencies, testable: testable)
  }

  /// A resolver for the keys of a few files: `files` read where `inputs` says a name is declared.
  init(
    moduleName: String, files: [FileSummary], inputs: KeyResolutionInputs, dependencies: [ModuleInterface],
    testable: Set<String>
  ) {
    self.init(
      moduleName: moduleName, module: IndexedKeyDeclarations(inputs: inputs, files: files), dependencies: dependencies,
      testable: testable)
  }

  private init(moduleName: String, module: any KeyDeclarations, dependencies: [ModuleInterface], testable: Set<String>) {
    self.module = module
    moduleNames.insert(moduleName)
    for interface in dependencies {
      moduleNames.insert(interface.module)
      for key in interface.namedKeys where dependencyNamedKeys[key.name] == nil {
        dependencyNamedKeys[key.name] = interface.module
      }
      let visible: Set<String> = testable.contains(interface.module) ? ["public", "package", "internal"] : ["public", "package"]
      for function in interface.valueFunctions ?? [] where visible.contains(function.access) {
        dependencyFunctions[function.type ?? "", default: [:]][function.name, default: []].append(function)
      }
      for property in interface.properties ?? [] where visible.contains(property.access) {
        dependencyProperties[property.type, default: [:]][property.name, default: []].insert(property.valueType)
      }
      dependencyProtocols.formUnion(interface.protocols ?? [])
      for function in interface.functions {
        for key in function.requires { Self.addExistentials(of: key, to: &dependencyProtocols) }
      }
      for property in interface.properties ?? [] { Self.addExistentials(of: property.valueType, to: &dependencyProtocols) }
    }
  }

  /// Every `P` of an `any P` in `key` (not `any A & B`: a composition is no protocol).
  private static func addExistentials(of key: String, to protocols: inout Set<String>) {
    var rest = Substring(key)
    while let range = rest.range(of: "any ") {
      rest = rest[range.upperBound...]
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      guard !name.isEmpty, !rest.dropFirst(name.count).hasPrefix(" &") else { continue }
      protocols.insert(String(name))
    }
  }

  /// The full name of the type `name` written in `context` (`TypeResolver.declaration`).
  private func declaration(_ name: String, context: String?) -> String? {
    TypeResolver.declaration(name, context: context, moduleNames: moduleNames) { module.declaresType($0) }
  }

  private func withoutModule(_ name: String) -> String { TypeResolver.withoutModule(name, moduleNames: moduleNames) }

  /// The last component of `path`, read when a key needs it: `NSString.lastPathComponent`
  /// for every file of the module was a quarter of building the resolver, which runs on
  /// one thread.
  private static func fileName(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// A named key required by a dependency's function, as written in its interface: its own
  /// keys are unqualified there.
  static func qualify(_ key: KeyName, fromInterfaceOf module: String) -> KeyName {
    guard key.hasPrefix("\\."), !key.utf8.contains(UInt8(ascii: "@")) else { return key }
    return key + "@" + module
  }

  /// The key's identity in this module, read in the body of `context` (a type name, `nil`
  /// at the top level); `nil` if the key of an initial value cannot be told.
  /// - Parameter reads: where to record what was looked up (`KeyResolutionReads`).
  func resolve(_ key: WrittenKey, context: String?, file: Int, reads: KeyResolutionReads? = nil) -> KeyName? {
    switch key {
    case .spelled(let spelling): resolve(spelling: spelling, context: context, file: file, reads: reads)
    case .value(let value):
      resolve(value, context: context, file: file, reads: reads).flatMap { ValueKey.apply(value.wrapping, to: $0) }
    }
  }

  private func resolve(spelling key: KeyName, context: String?, file: Int, reads: KeyResolutionReads?) -> KeyName {
    if key.hasPrefix("\\.") {
      let name = String(key.dropFirst(2))
      // On bytes: with Foundation imported, `contains("@")` is Foundation's `range(of:)`
      // (~4,000 instructions a call); the characters searched for here are ASCII.
      if name.utf8.contains(UInt8(ascii: "@")) { return key }
      reads?.record("K" + name)
      if module.declaresNamedKey(name) { return key }
      return dependencyNamedKeys[name].map { key + "@" + $0 } ?? key
    }
    return resolveType(key, context: context, file: file, depth: 0, reads: reads)
  }

  // MARK: Type names

  /// Resolves every type name in a canonical spelling (`[Config: Box<Token>]?`).
  func resolveType(_ spelling: String, context: String?, file: Int, depth: Int, reads: KeyResolutionReads? = nil) -> String {
    // Most keys are one name (`Logger`): no scanning.
    if spelling.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
      return spelling == "any" || spelling == "some"
        ? spelling : resolvePath(spelling, context: context, file: file, depth: depth, reads: reads, bare: true)
    }
    var out = ""
    var index = spelling.startIndex
    // After `any`/`some`, and in a composition (`Logging & Sendable`), a protocol's name
    // is not the existential on its own.
    let isComposition = spelling.utf8.contains(UInt8(ascii: "&"))
    var bare = !isComposition
    while index < spelling.endIndex {
      let character = spelling[index]
      guard character.isLetter || character == "_" else {
        out.append(character)
        index = spelling.index(after: index)
        continue
      }
      var end = index
      while end < spelling.endIndex,
        spelling[end].isLetter || spelling[end].isNumber || spelling[end] == "_"
          || (spelling[end] == "." && spelling.index(after: end) < spelling.endIndex
            && spelling[spelling.index(after: end)].isLetter)
      {
        end = spelling.index(after: end)
      }
      let path = String(spelling[index..<end])
      if path == "any" || path == "some" {
        out += path
        bare = false
      } else {
        var resolved = resolvePath(path, context: context, file: file, depth: depth, reads: reads, bare: bare)
        bare = !isComposition
        if resolved.utf8.contains(UInt8(ascii: " ")), end < spelling.endIndex, "?!.".contains(spelling[end]) {
          resolved = "(" + resolved + ")"
        }
        out += resolved
      }
      index = end
    }
    return out
  }

  /// - Parameter bare: the name stands alone as a type: a protocol's is its existential,
  ///   `any P` (Swift reads `Logging` and `any Logging` as one type).
  private func resolvePath(
    _ path: String, context: String?, file: Int, depth: Int, reads: KeyResolutionReads?, bare: Bool = false
  ) -> String {
    // `Config.Type`: the metatype of the resolved type.
    for suffix in [".Type", ".Protocol"] where path.hasSuffix(suffix) && path.count > suffix.count {
      return resolvePath(String(path.dropLast(suffix.count)), context: context, file: file, depth: depth, reads: reads) + suffix
    }
    reads?.recordType(path)
    guard let full = declaration(path, context: context) else {
      let name = withoutModule(path)
      return bare && dependencyProtocols.contains(name) ? "any " + name : name
    }
    if let alias = module.alias(full), depth < 16 {
      return resolveType(alias.target, context: alias.context, file: file, depth: depth + 1, reads: reads)
    }
    if module.declaresFilePrivateType(full, in: file) { return KeyName.filePrivate(full, in: Self.fileName(module.path(of: file))) }
    return bare && module.isProtocol(full) ? "any " + full : full
  }

  // MARK: Initial values

  private func resolve(_ value: ValueKey, context: String?, file: Int, reads: KeyResolutionReads?) -> KeyName? {
    switch value.kind {
    case .property:
      reads?.record("P" + value.type)
      reads?.record("S" + value.type)
      reads?.recordType(CallSiteReader.stripGenerics(value.type))
      // `self.x` names the enclosing type by its full name; `T.x` and `v.x` name it as written.
      var owner = module.hasPropertyKeys(value.type) || module.superclass(of: value.type) != nil
        ? value.type : declaration(CallSiteReader.stripGenerics(value.type), context: context)
      // A type no file declares: a dependency's, whose interface lists its properties.
      var dependencyOwner = owner == nil ? withoutModule(CallSiteReader.stripGenerics(value.type)) : nil
      var key: KeyName?
      for name in value.name.split(separator: ".").map(String.init) {
        let found: KeyName
        if let current = owner {
          guard let local = propertyKey(name, of: current, file: file, reads: reads) else { return nil }
          found = local
        } else {
          guard let current = dependencyOwner, let keys = dependencyProperties[current]?[name], keys.count == 1
          else { return nil }
          found = keys.first!
        }
        key = found
        // The next property is one of this value's type (not generic, not optional).
        let isPlain = !found.hasSuffix("?") && !found.utf8.contains(UInt8(ascii: "<"))
        if isPlain { reads?.recordType(found) }
        owner = isPlain ? declaration(found, context: nil) : nil
        dependencyOwner = isPlain && owner == nil ? found : nil
      }
      return key
    case .initializer:
      let type = resolveType(value.type, context: context, file: file, depth: 0, reads: reads)
      let base = CallSiteReader.stripGenerics(value.type)
      reads?.recordType(base)
      // `Store(state: s)` of a generic `Store`: Swift infers the arguments from the
      // initializer's, which the analyzer does not follow; `Store` would be a key no read
      // names (`Store<AppState>`), so the declaration is reported instead.
      let isSpecialized = value.type.utf8.contains(UInt8(ascii: "<"))
      guard let full = declaration(base, context: context), module.alias(full) == nil else {
        if !isSpecialized, GenericTypeName.standardParameters[type] != nil { return nil }
        return Self.libraryInitializer(type, value)
      }
      if !isSpecialized, module.isGeneric(full) { return nil }
      reads?.recordFunction(owner: full, name: "init")
      let matching = module.functions(owner: full, name: "init").filter {
        ArgumentMatcher.bind(value.labels, to: $0.parameters) != nil
      }
      // No declared initializer matches: the memberwise one, never failable.
      let failable = Set(matching.map(\.isFailable))
      if failable.count > 1 { return nil }
      return failable.first == true ? KeySpelling.optionalOf(type) : type
    case .call:
      var owners: [String] = []
      if value.type.isEmpty {
        var scope = context
        while let current = scope {
          owners.append(current)
          scope = current.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(current[..<$0]) }
        }
        owners.append("")
      } else {
        let base = CallSiteReader.stripGenerics(value.type)
        reads?.recordType(base)
        guard let full = declaration(base, context: context) else {
          return dependencyResult(of: value, owner: withoutModule(base))
        }
        owners.append(full)
      }
      for owner in owners {
        reads?.recordFunction(owner: owner, name: value.name)
        let matching = module.functions(owner: owner, name: value.name).filter {
          ArgumentMatcher.bind(value.labels, to: $0.parameters) != nil
        }
        guard !matching.isEmpty else { continue }
        let returned = Set(matching.map { function in
          function.returnType.map { returnType -> String in
            let resolved = resolveType(returnType, context: function.typeName, file: file, depth: 0, reads: reads)
            return resolved == "Self" ? (function.typeName ?? resolved) : resolved
          }
        })
        guard returned.count == 1, let only = returned.first, let type = only else { return nil }
        return type
      }
      return value.type.isEmpty ? dependencyResult(of: value, owner: "") : nil
    }
  }

  /// `Database.open()` where a dependency declares `Database`: the return type its
  /// interface states (resolved there), if every matching declaration states the same.
  private func dependencyResult(of value: ValueKey, owner: String) -> KeyName? {
    let matching = (dependencyFunctions[owner]?[value.name] ?? []).filter {
      ArgumentMatcher.bind(value.labels, to: $0.parameters.map(\.info)) != nil
    }
    let returned = Set(matching.map(\.returns))
    guard returned.count == 1 else { return nil }
    return returned.first
  }

  /// The key of the value of property `name` of `owner` (a full type name), or of one a
  /// superclass declares.
  private func propertyKey(_ name: String, of owner: String, file: Int, reads: KeyResolutionReads?) -> KeyName? {
    var owner: String? = owner
    for _ in 0..<16 {
      guard let current = owner else { return nil }
      reads?.record("P" + current)
      switch module.propertyKey(name, of: current) {
      // `let database = try? Database.open()` holds a `Database?`, as the runtime keys it.
      case .value(let value)?:
        return resolve(value, context: current, file: file, reads: reads).flatMap { ValueKey.apply(value.wrapping, to: $0) }
      case .spelled(let key)?: return resolveType(key, context: current, file: file, depth: 0, reads: reads)
      case nil: break
      }
      reads?.record("S" + current)
      let parent = current.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(current[..<$0]) }
      owner = module.superclass(of: current).flatMap { superclass in
        reads?.recordType(CallSiteReader.stripGenerics(superclass))
        return declaration(CallSiteReader.stripGenerics(superclass), context: parent)
      }
    }
    return nil
  }

  private static let failableFromString: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Float16", "Float80", "Bool",
  ]

  /// Failable initializers of the standard library and Foundation, by labels.
  private static let failableLabels: [String: Set<[String?]>] = [
    "URL": [["string"], ["string", "relativeTo"], ["string", "encodingInvalidCharacters"]],
    "URLComponents": [["string"], ["url", "resolvingAgainstBaseURL"]],
    "UUID": [["uuidString"]],
    "Data": [["base64Encoded"], ["base64Encoded", "options"]],
    "String": [["data", "encoding"], ["bytes", "encoding"], ["validatingUTF8"], ["validatingCString"]],
    "Decimal": [["string"], ["string", "locale"]],
  ]

  /// A type the module does not declare: optional only for the well-known failable
  /// initializers; `nil` for a numeric conversion of a value of unknown type (`Int(x)` may
  /// or may not be failable).
  private static func libraryInitializer(_ type: String, _ value: ValueKey) -> KeyName? {
    if failableFromString.contains(type) {
      if value.labels == [nil] {
        switch value.firstArgument {
        case "s": return KeySpelling.optionalOf(type)
        case "n": return type
        default: return nil
        }
      }
      if value.labels == ["exactly"] || value.labels == [nil, "radix"] { return KeySpelling.optionalOf(type) }
      return type
    }
    if failableLabels[type]?.contains(value.labels) == true { return KeySpelling.optionalOf(type) }
    return type
  }
}
#endif
