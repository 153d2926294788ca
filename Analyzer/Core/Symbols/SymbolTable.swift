#if ImplicitsAnalysis
/// A function the module or one of its dependencies declares, with its graph node.
struct Callable: Sendable {
  var node: Int
  var typeName: String?
  var parameters: [ParameterInfo]
  var isImplicit: Bool
  var isExternal: Bool
  var qualifiedName: String
}

/// Every callable indexed once by name, so that resolving a call is a dictionary lookup
/// (no per-call scans or copies of candidate groups).
struct SymbolTable: Sendable {
  private(set) var callables: [Callable] = []
  /// Free functions: signature → callables.
  private var free: [String: [Int]] = [:]
  /// Methods and initializers: type → signature → callables.
  private var methods: [String: [String: [Int]]] = [:]
  /// Methods of any type: signature → callables (for receivers of unknown type).
  private var anyMethod: [String: [Int]] = [:]
  /// `Inner` → `Outer.Inner`, for types referred to by their last component.
  private var typesBySimpleName: [String: Set<String>] = [:]
  /// Stored property types: type → property → type.
  private var propertyTypes: [String: [String: String]] = [:]
  /// Names of dependency modules, so `Dep.foo(scope)` is a free function of `Dep`.
  var moduleNames: Set<String> = []

  mutating func add(_ callable: Callable, baseName: String) {
    let index = callables.count
    callables.append(callable)
    for signature in Self.signatures(baseName: baseName, parameters: callable.parameters) {
      if let type = callable.typeName {
        methods[type, default: [:]][signature, default: []].append(index)
        anyMethod[signature, default: []].append(index)
      } else {
        free[signature, default: []].append(index)
      }
    }
    if let type = callable.typeName { addType(type) }
  }

  mutating func addType(_ type: String) {
    if let dot = type.lastIndex(of: ".") {
      typesBySimpleName[String(type[type.index(after: dot)...]), default: []].insert(type)
    }
  }

  mutating func addProperty(_ name: String, type: String, of owner: String) {
    propertyTypes[owner, default: [:]][name] = type
  }

  /// All spellings a call may use: defaulted parameters omitted, a final closure trailing.
  static func signatures(baseName: String, parameters: [ParameterInfo]) -> Set<String> {
    var lists: [[ParameterInfo]] = [parameters]
    let defaulted = parameters.indices.filter { parameters[$0].hasDefault }
    if !defaulted.isEmpty {
      let subsets = defaulted.count <= 4 ? (1..<(1 << defaulted.count)).map { $0 } : [(1 << defaulted.count) - 1]
      for mask in subsets {
        let omitted = Set(defaulted.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
        lists.append(parameters.indices.filter { !omitted.contains($0) }.map { parameters[$0] })
      }
    }
    var result: Set<String> = []
    for list in lists {
      result.insert(signature(baseName, list))
      if let last = list.last, last.isClosure { result.insert(signature(baseName, list.dropLast())) }
    }
    return result
  }

  private static func signature(_ baseName: String, _ parameters: some Collection<ParameterInfo>) -> String {
    baseName + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// Candidates for a call, module-local ones first: if any exist, externals are ignored.
  func candidates(for site: CallSite) -> [Int] {
    let signature = site.signature
    var found: [Int]
    switch site.receiver {
    case .unqualified:
      found = site.callerType.flatMap { lookup(type: $0, signature) } ?? []
      if found.isEmpty { found = free[signature] ?? [] }
    case .enclosingType:
      found = site.callerType.flatMap { lookup(type: $0, signature) } ?? []
    case .type(let type):
      found = lookup(type: type, signature) ?? []
      if found.isEmpty, moduleNames.contains(type) { found = free[signature] ?? [] }
    case .property(let name):
      if let owner = site.callerType, let type = propertyTypes[owner]?[name] {
        found = lookup(type: Self.strip(type), signature) ?? []
      } else {
        found = anyMethod[signature] ?? []
      }
    case .unknown:
      found = anyMethod[signature] ?? []
    }
    if found.contains(where: { !callables[$0].isExternal }) {
      found.removeAll { callables[$0].isExternal }
    }
    return found
  }

  private func lookup(type: String, _ signature: String) -> [Int]? {
    if let found = methods[type]?[signature] { return found }
    if let full = typesBySimpleName[type], full.count == 1, let only = full.first {
      return methods[only]?[signature]
    }
    // `Outer.Inner` called from inside `Outer` as `Inner`.
    return nil
  }

  private static func strip(_ type: String) -> String {
    var type = type
    if type.hasSuffix("!") || type.hasSuffix("?") { type.removeLast() }
    if let angle = type.firstIndex(of: "<") { return String(type[..<angle]) }
    return type
  }
}
#endif
