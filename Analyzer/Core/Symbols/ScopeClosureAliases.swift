#if ImplicitsAnalysis
/// Typealiases of closure types that take a scope, from every file of the module
/// (`typealias Handler = (Request, ImplicitScope) -> Response`): a parameter written with
/// such a name takes a scope closure, as if the type were written out.
///
/// Apart from `KeyResolver` because it is asked for every file on every run, also when a
/// file's resolved keys are replayed from the cache: building it reads only the aliases.
struct ScopeClosureAliases: Sendable {
  /// Full name → the scope's position among the closure's parameters.
  private var positions: [String: Int] = [:]
  /// Full name of an alias of a closure type → the type its closures return, as written
  /// (`typealias Middleware = (@escaping Handler) -> Handler` → `Handler`).
  private var results: [String: String] = [:]

  /// Full name of a stored property of a scope-taking closure type (`RowCell.onSelect`) →
  /// what a closure assigned to it is made as: the alias its type names, or, for a closure
  /// type written out, the property (`RowCell#onSelect`: calls through it run what is
  /// stored into it); and the scope's position.
  private var properties: [String: (name: String, position: Int)] = [:]
  /// The type of each property (`Controller.header` → `HeaderView`, for
  /// `header.onRefresh`) and each class's superclass (a subclass has its properties).
  let propertyTypes: PropertyTypes
  /// A hash of everything `alias(_:context:)` answers from: the aliases and their results
  /// and, with a scope-taking closure property, the closure properties and the types of
  /// properties and the superclasses of the whole module (which property paths and owners
  /// are read through). Two runs with the same digest answer every question alike
  /// (`DeclarationRewrites`).
  private(set) var digest: ContentHash?

  /// Appended to an alias's name: what a closure of that alias returns.
  static let resultSuffix = "->"

  /// Between a type and one of its properties in `property(_:of:)`: no type name has one.
  private static let propertySeparator: Character = "#"

  /// The name `alias(_:context:)` looks up for property `name` of a type written `owner`,
  /// and the name it returns for one of a type declared `owner`.
  static func property(_ name: String, of owner: String) -> String {
    owner + String(propertySeparator) + name
  }

  /// `RowCell.onSelect` for `RowCell#onSelect`; `nil` for the name of an alias.
  static func storedProperty(_ name: String) -> String? {
    guard name.contains(propertySeparator) else { return nil }
    return String(name.map { $0 == propertySeparator ? "." : $0 })
  }

  /// `dependencies`: their closure properties are typed as the module's own
  /// (`+DependencyProperties`); the module's own type of the same name comes first.
  init(files: [FileSummary], dependencies: [ModuleInterface] = []) {
    propertyTypes = PropertyTypes(files: files)
    if !dependencies.isEmpty { properties = Self.dependencyProperties(dependencies) }
    // Indexed, not iterated: a summary copied out is a dozen retains.
    for file in files.indices {
      for (name, position) in files[file].declarations.scopeClosureAliases { positions[name] = position }
      for (name, target) in files[file].declarations.typeAliases where target.utf8.contains(UInt8(ascii: "-")) {
        if let result = Self.result(ofFunctionType: target) { results[name] = result }
      }
      for (name, position) in files[file].declarations.scopeClosureProperties {
        let dot = name.lastIndex(of: ".") ?? name.startIndex
        properties[name] = (Self.property(String(name[name.index(after: dot)...]), of: String(name[..<dot])), position)
      }
    }
    // `var onDelete: RowAction?`, `var steps: [Step]`, `var routes: [String: Handler]`: only
    // a property whose type's (or element's) last name is an alias's is looked up, where its
    // type is declared. A closure added to a collection property is made as the alias.
    let aliasNames = Set(positions.keys.map { $0.split(separator: ".").last ?? "" })
    if !aliasNames.isEmpty {
      for file in files.indices {
        for type in files[file].declarations.types {
          for (name, written) in type.propertyTypes {
            let spelling = CallSiteReader.stripGenerics(TypeSpelling.storedElement(written))
            guard aliasNames.contains(spelling.split(separator: ".").last ?? ""),
              let alias = alias(spelling, context: type.name)
            else { continue }
            properties[type.name + "." + name] = alias
          }
        }
      }
    }
    digest = Self.digest(positions, results)
    if !properties.isEmpty { digest!.add(properties: properties, types: propertyTypes) }
  }

  /// Each name with its answer, in name order, lengths first: no two tables hash alike by
  /// where one name ends and the next begins.
  private static func digest(_ positions: [String: Int], _ results: [String: String]) -> ContentHash {
    var hash = ContentHash()
    hash.add("aliases " + String(positions.count))
    for (name, position) in positions.sorted(by: { $0.key < $1.key }) {
      hash.add(String(name.utf8.count) + " " + String(position) + " ")
      hash.add(name)
    }
    hash.add(" results " + String(results.count))
    for (name, result) in results.sorted(by: { $0.key < $1.key }) {
      hash.add(String(name.utf8.count) + " " + String(result.utf8.count) + " ")
      hash.add(name)
      hash.add(result)
    }
    return hash
  }

  /// `Handler` of `@Sendable(@escaping Handler)->Handler` (an alias's target as
  /// `KeyInference.typeName` writes it): what follows the last `->` outside brackets.
  static func result(ofFunctionType spelling: String) -> String? {
    let bytes = Array(spelling.utf8)
    guard let last = arrows(inFunctionType: bytes).last(where: \.outermost), last.offset + 2 < bytes.count else { return nil }
    return String(decoding: bytes[(last.offset + 2)...].drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
  }

  /// Each `->` of a function type's spelling (its byte offset), in order, and whether it
  /// is outside brackets: the closure's own arrow, not one of a parameter's type.
  static func arrows(inFunctionType bytes: [UInt8]) -> [(offset: Int, outermost: Bool)] {
    var arrows: [(offset: Int, outermost: Bool)] = []
    var depth = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
      case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">"):
        arrows.append((index, depth == 0))
        index += 1  // the arrow's `>` closes nothing
      default: break
      }
      index += 1
    }
    return arrows
  }

  /// For a parameter type written `name` in a member of `context`: the position of the
  /// scope among the parameters of the closure type it aliases, found like Swift's lexical
  /// lookup (`Router.Handler` inside `Router`, then `Handler`).
  func position(ofAlias name: String, context: String?) -> Int? {
    alias(name, context: context)?.position
  }

  /// The alias a type written `name` in `context` names, by its full name (calls through
  /// a value of it reach the closures made as it), and the scope's position.
  func alias(_ name: String, context: String?) -> (name: String, position: Int)? {
    if let separator = name.firstIndex(of: Self.propertySeparator) {
      return property(name[name.index(after: separator)...], of: name[..<separator], context: context)
    }
    guard !positions.isEmpty else { return nil }
    if name.hasSuffix(Self.resultSuffix) { return resultAlias(String(name.dropLast(Self.resultSuffix.count)), context: context) }
    var scope = context
    while let type = scope {
      if let position = positions[type + "." + name] { return (type + "." + name, position) }
      scope = type.lastIndex(of: ".").map { String(type[..<$0]) }
    }
    return positions[name].map { (name, $0) }
  }

  /// Property `name` of the type written `owner` in `context`, the type found like Swift's
  /// lexical lookup (`RowCell` inside `Table` may be `Table.RowCell`), or of its superclasses.
  /// `name` may be a path (`header#onRefresh`): the property of the type of a property.
  private func property(_ name: Substring, of owner: Substring, context: String?) -> (name: String, position: Int)? {
    guard !properties.isEmpty else { return nil }
    if let separator = name.firstIndex(of: Self.propertySeparator) {
      let first = name[..<separator]
      return owners(owner, context: context).lazy.compactMap { type -> (name: String, position: Int)? in
        guard let written = self.propertyTypes.type(of: first, in: type) else { return nil }
        let next = CallSiteReader.stripGenerics(written)
        return self.property(name[name.index(after: separator)...], of: Substring(next), context: type)
      }.first
    }
    return owners(owner, context: context).lazy.compactMap { self.properties[$0 + "." + name] }.first
  }

  /// The full names the type written `owner` in `context` may have, each followed by its
  /// superclasses.
  private func owners(_ owner: Substring, context: String?) -> [String] {
    var types: [String] = []
    var scope = context
    while let type = scope {
      types.append(type + "." + owner)
      scope = type.lastIndex(of: ".").map { String(type[..<$0]) }
    }
    types.append(String(owner))
    var result: [String] = []
    for type in types {
      var current = type
      // A class's chain of superclasses; the bound keeps a cycle (a compile error) finite.
      for _ in 0..<16 {
        result.append(current)
        guard let superclass = propertyTypes.superclass(of: current) else { break }
        current = superclass
      }
    }
    return result
  }

  /// `Server.handler` for `Server#handler` written in `context` (the owner found as in
  /// `alias(_:context:)`), when that property's type is a scope-taking closure alias:
  /// the property, not the alias (`GraphBuilder+ResultProperties`). `nil` for a path, a
  /// written-out closure type or any other property.
  func aliasTypedProperty(_ name: String, context: String?) -> String? {
    guard !properties.isEmpty, let separator = name.firstIndex(of: Self.propertySeparator) else { return nil }
    let property = name[name.index(after: separator)...]
    guard !property.contains(Self.propertySeparator) else { return nil }
    for owner in owners(name[..<separator], context: context) {
      guard let stored = properties[owner + "." + property] else { continue }
      return Self.storedProperty(stored.name) == nil ? owner + "." + property : nil
    }
    return nil
  }

  /// `RowCell#onSelect` for stored property `onSelect` of the type named `owner` in full,
  /// when its closure type is written out (calls through it run what is stored into it);
  /// `nil` for one of an alias's type, or a property of no scope-taking closure type.
  func writtenOutProperty(_ name: String, of owner: String) -> String? {
    guard let stored = properties[owner + "." + name], Self.storedProperty(stored.name) != nil else { return nil }
    return stored.name
  }

  /// The alias that closures of alias `name` return, looked up where `name` is declared.
  private func resultAlias(_ name: String, context: String?) -> (name: String, position: Int)? {
    var scope = context
    while true {
      let full = scope.map { $0 + "." + name } ?? name
      if let result = results[full] {
        let declaredIn = full.lastIndex(of: ".").map { String(full[..<$0]) }
        return alias(result, context: declaredIn)
      }
      guard let type = scope else { return nil }
      scope = type.lastIndex(of: ".").map { String(type[..<$0]) }
    }
  }
}
#endif
#if ImplicitsAnalysis
extension ContentHash {
  /// `ScopeClosureAliases.digest`'s part for a table with closure properties: each with
  /// its answer, in name order, lengths first, then what property paths are read through.
  mutating func add(properties: [String: (name: String, position: Int)], types: PropertyTypes) {
    add(" closure properties " + String(properties.count))
    for (name, stored) in properties.sorted(by: { $0.key < $1.key }) {
      add(String(name.utf8.count) + " " + String(stored.name.utf8.count) + " " + String(stored.position) + " ")
      add(name)
      add(stored.name)
    }
    types.add(to: &self)
  }
}
#endif
