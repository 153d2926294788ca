#if ImplicitsAnalysis
/// What an edit changed that other files read, found from the changed files' declarations
/// alone: each changed file's summary of the last run against this run's (a file added,
/// deleted or renamed counts whole, on the side it exists). Every other file's
/// declarations are the same bytes (its summary entry names its path and content), so
/// nothing else can have changed; the files that read one of these names
/// (`ChangeIndex`) are the only others whose lookups can answer differently.
///
/// Each part lists names, not digests, so that it can be looked up in a reverse index:
/// - `callables`: callables (`Store load` for a method, the type as declared; `load` for a
///   free function) of which some one a call lookup reads changed, appeared or went: its place in its file (function index and body node:
///   a callee is named by its file's path and place), type, parameters (labels, arity,
///   defaults, escaping, scope closures, variadic, written and stored aliases), whether it
///   is implicit, its access (`private` decides who sees it), static, `async`, a protocol
///   requirement, overridable, failable, convenience, its extension's constraints, its return type and
///   `#if` clauses; and closure constants called by name (`let health: Handler = { … }`).
/// - `types`: full names of types and typealiases whose facts changed: a declaration or
///   extension of it appeared or went, or its superclass, conformances, generic
///   parameters, constraints, property and static property types, property keys, stored
///   implicits, bag properties, protocol or property-wrapper mark, memberwise `init`,
///   `DefaultImplicit` conformance, or whether the file declares methods of it; a
///   typealias's target.
/// - `keys`: named keys (`ImplicitsKeys.name`) declared, removed or changed (value type,
///   access, default, accessor).
/// - `aliases`: what `ScopeClosureAliases` is made from: scope-taking closure aliases
///   (and closure typealiases' results) and properties declared, removed or changed, and
///   the property types (`Owner.property`) and superclasses it follows.
/// - `keyIdentifiers`: the identifiers of `KeyResolutionInputs` whose declarations in a
///   changed file hash differently: exactly what decides whether a `ResolvedKeysRecord`
///   that read them still holds.
///
/// Locations are left out on purpose: a line added above a declaration moves it without
/// changing what a lookup answers.
struct ChangeSet: Equatable, Sendable {
  var callables: Set<String> = []
  var types: Set<String> = []
  var keys: Set<String> = []
  var aliases: Set<String> = []
  var keyIdentifiers: Set<String> = []

  init() {}

  /// One file's change: `old` is `nil` for a file added, `new` for one deleted. A renamed
  /// file is one deleted and one added (its path is part of what it declares: `private`
  /// callables and `fileprivate` types).
  init(old: FileSummary?, new: FileSummary?) {
    callables = Self.changedNames(Self.callables(of: old), Self.callables(of: new))
    types = Self.changedNames(Self.typeFacts(of: old), Self.typeFacts(of: new))
    keys = Self.changedNames(Self.namedKeys(of: old), Self.namedKeys(of: new))
    aliases = Self.changedNames(Self.closureAliases(of: old), Self.closureAliases(of: new))
    keyIdentifiers = Self.changedNames(Self.keyInputs(of: old), Self.keyInputs(of: new))
  }

  var isEmpty: Bool {
    callables.isEmpty && types.isEmpty && keys.isEmpty && aliases.isEmpty && keyIdentifiers.isEmpty
  }

  mutating func formUnion(_ other: ChangeSet) {
    callables.formUnion(other.callables)
    types.formUnion(other.types)
    keys.formUnion(other.keys)
    aliases.formUnion(other.aliases)
    keyIdentifiers.formUnion(other.keyIdentifiers)
  }

  /// The names whose descriptions differ between the two sides (present on one only, or
  /// described differently).
  private static func changedNames(_ old: [String: [String]], _ new: [String: [String]]) -> Set<String> {
    var changed: Set<String> = []
    for (name, described) in old where new[name] != described { changed.insert(name) }
    for name in new.keys where old[name] == nil { changed.insert(name) }
    return changed
  }

  /// `callable(_:_:)` → each callable under it, described by every field a lookup or a callee's
  /// name reads, in file order.
  private static func callables(of file: FileSummary?) -> [String: [String]] {
    guard let file else { return [:] }
    var described: [String: [String]] = [:]
    for (index, function) in file.declarations.functions.enumerated() {
      var parts = [
        "f\(index)", "n\(function.node)", function.typeName ?? "\u{0}", function.scopeParameter == nil ? "-" : "implicit",
        function.access.rawValue, function.isSPIImplicits ? "spi" : "", function.isStatic ? "static" : "",
        function.isProtocolRequirement ? "requirement" : "", function.isOverridable ? "overridable" : "",
        function.returnType ?? "\u{0}", function.isFailable ? "?" : "", function.isAsync ? "async" : "",
        function.isConvenience ? "convenience" : "",
      ]
      for parameter in function.parameters { parts.append(describe(parameter)) }
      for (parameter, type) in function.typeConstraints.sorted(by: { $0.key < $1.key }) {
        parts.append("where " + parameter + " == " + type)
      }
      for branch in function.branches { parts.append("#if clause \(branch.clause)") }
      described[Self.callable(function.typeName, function.baseName), default: []].append(parts.joined(separator: "\u{1}"))
    }
    for (index, body) in file.nodes.enumerated() {
      guard let constant = body.constant else { continue }
      let parts = [
        "c\(index)", body.typeName ?? "\u{0}", "\(body.closureArity)", constant.isFilePrivate ? "private" : "",
        body.closureAlias ?? "\u{0}", body.scopePosition.map { "\($0)" } ?? "-",
      ]
      described[Self.callable(body.typeName, constant.name), default: []].append(parts.joined(separator: "\u{1}"))
    }
    return described
  }

  /// A callable's name in `callables`: `Store load` for a method (the type as declared),
  /// `load` for a free function.
  static func callable(_ typeName: String?, _ baseName: String) -> String {
    typeName.map { $0 + " " + baseName } ?? baseName
  }

  /// The base names of `callables`.
  var baseNames: Set<String> { Set(callables.map { $0.split(separator: " ").last.map(String.init) ?? $0 }) }

  static func describe(_ parameter: ParameterInfo) -> String {
    let flags = [
      parameter.isScope, parameter.hasDefault, parameter.isClosure, parameter.isEscaping, parameter.takesScopeClosure,
      parameter.isVariadic,
    ].map { $0 ? "1" : "0" }.joined()
    return [
      parameter.label ?? "_", flags, "\(parameter.scopeClosurePosition)", parameter.writtenType ?? "\u{0}",
      parameter.closureAlias ?? "\u{0}", parameter.storedProperty ?? "\u{0}", parameter.storedAlias ?? "\u{0}",
    ].joined(separator: "\u{2}")
  }

  /// Type or typealias name → the facts each of the file's declarations of it states, in
  /// file order.
  static func typeFacts(of file: FileSummary?) -> [String: [String]] {
    guard let file else { return [:] }
    var described: [String: [String]] = [:]
    for type in file.declarations.types {
      var parts = [
        type.isExtension ? "extension" : "type", type.superclass ?? "\u{0}", type.isFilePrivate ? "fileprivate" : "",
        type.isProtocol ? "protocol" : "", type.isPropertyWrapper ? "wrapper" : "", type.hasMemberwiseInit ? "memberwise" : "",
      ]
      parts.append("inherits " + type.inheritedTypes.joined(separator: ","))
      parts.append("generic " + type.genericParameters.joined(separator: ","))
      for (parameter, written) in type.constraints.sorted(by: { $0.key < $1.key }) {
        parts.append("where " + parameter + " == " + written)
      }
      for (name, written) in type.propertyTypes { parts.append("var " + name + ": " + written) }
      for (name, written) in type.staticPropertyTypes { parts.append("static " + name + ": " + written) }
      for (name, key) in type.propertyKeys { parts.append("key " + name + ": " + key.spelling) }
      for stored in type.storedImplicits { parts.append("implicit " + stored.key) }
      for (name, _) in type.bagProperties { parts.append("bag " + name) }
      for payload in type.payloadCases {
        let values = payload.labels.indices.map { index in
          (payload.labels[index] ?? "_") + ":" + (payload.scopePositions[index].map(String.init) ?? "-") + ":"
            + (payload.aliases[index] ?? "-")
        }
        parts.append("case " + payload.name + "(" + values.joined(separator: ",") + ")")
      }
      for (name, _) in type.emptyBagDefaults { parts.append("empty bag " + name) }
      for name in type.closedProperties { parts.append("closed " + name) }
      for property in type.exportedProperties {
        parts.append("exported \(property.name) \(property.access.rawValue) \(property.isStatic) \(property.key.spelling)")
      }
      if let keys = type.invokeTestKeys { parts.append("invokeTest " + keys.map(\.spelling).joined(separator: ",")) }
      described[type.name, default: []].append(parts.joined(separator: "\u{1}"))
    }
    for (name, target) in file.declarations.typeAliases { described[name, default: []].append("= " + target) }
    for name in file.declarations.defaultedTypes { described[name, default: []].append("DefaultImplicit") }
    // `dependencyMembers` asks whether the module declares methods of a type at all.
    for owner in Set(file.declarations.functions.compactMap(\.typeName)) {
      described[owner, default: []].append("has methods")
    }
    return described
  }

  private static func namedKeys(of file: FileSummary?) -> [String: [String]] {
    guard let file else { return [:] }
    var described: [String: [String]] = [:]
    for key in file.declarations.namedKeys {
      described[key.name, default: []].append(
        [key.valueType, key.access.rawValue, key.needsAccessor ? "accessor" : "", key.hasDefault ? "default" : ""]
          .joined(separator: "\u{1}"))
    }
    return described
  }

  /// What `ScopeClosureAliases` is made from: closure aliases and their results, closure
  /// properties, and the property types and superclasses it follows from an owner type
  /// (`feed.onTap` through the type of `feed`, a subclass's inherited properties).
  private static func closureAliases(of file: FileSummary?) -> [String: [String]] {
    guard let file else { return [:] }
    var described: [String: [String]] = [:]
    for (name, position) in file.declarations.scopeClosureAliases { described[name, default: []].append("alias \(position)") }
    for (name, target) in file.declarations.typeAliases where target.contains("->") {
      described[name, default: []].append("= " + target)
    }
    for (name, position) in file.declarations.scopeClosureProperties {
      described[name, default: []].append("property \(position)")
    }
    for type in file.declarations.types {
      for (name, written) in type.propertyTypes { described[type.name + "." + name, default: []].append(written) }
      if let superclass = type.superclass { described[type.name, default: []].append("superclass " + superclass) }
    }
    return described
  }

  /// `KeyResolutionInputs`' identifiers as this file alone declares them, each with the
  /// digest of its share (the module's digest of an identifier hashes its files' shares in
  /// file order, so it changes exactly when some file's share of it does).
  private static func keyInputs(of file: FileSummary?) -> [String: [String]] {
    guard let file else { return [:] }
    var described: [String: [String]] = [:]
    for (identifier, digest) in KeyResolutionInputs.declared(by: file.declarations, path: file.path) {
      described[identifier] = [digest.hex]
    }
    return described
  }
}
#endif
