#if ImplicitsAnalysis
/// The implicit initializers the module's subclasses inherit (`SymbolTable+InheritedInitializers`),
/// as interface entries. `final class ProfileViewModel: BaseViewModel { @Implicit var session: Session }`
/// writes no initializer, yet an importer calls `ProfileViewModel(scope)`: without an entry
/// of its own that call reached `BaseViewModel.init(_:)` (any dependency initializer of
/// that shape) and `Session` went unreported across modules.
///
/// Each one is planned as a function of the subclass's file whose index follows the file's
/// declared functions (`declared + k`, in declaration order of the subclasses, then the
/// superclass's initializers): the `(file, index)` pair that orders, records and matches
/// every entry (`FunctionNameKeys`, `KeptOrder`, `ReusedEntries.Record`, `PositionRemap`)
/// stays two numbers. An unchanged file keeps its declared count, so its inherited entries
/// keep their indices; which initializers it inherits changes only with its superclass's
/// file (or a dependency), whose edit reaches the node (`ReprintedEntries`: its edge to the
/// superclass's initializer), and an entry that comes or goes unmatched prints everything.
///
/// Its declaration is the one the entry is printed from: the subclass's type, the
/// superclass's parameters, access, `@_spi(Implicits)` and `convenience`, placed at the
/// subclass's declaration (where its notes point). A `private`/`fileprivate` subclass's is
/// `private`: importers skip it, and it is still a step other entries' links lead through.
struct InheritedEntries: Sendable {
  struct Entry: Sendable {
    var node: NodeID
    var declaration: FunctionDecl
  }

  /// Per file (summary index) that declares such a subclass, its entries in order.
  private var byFile: [Int: [Entry]] = [:]

  init() {}

  init(_ solved: SolvedGraph, files: [FileSummary]) {
    let symbols = solved.symbols
    guard !symbols.inheritedInitializers.isEmpty else { return }
    var locations: [String: SourceLoc] = [:]
    for subclass in symbols.subclasses where locations[subclass.name] == nil { locations[subclass.name] = subclass.location }
    var found: [(location: SourceLoc, name: String, callable: Int)] = []
    for (type, inherited) in symbols.inheritedInitializers {
      guard let location = locations[type], files.indices.contains(Int(location.file)) else { continue }
      for callable in inherited.values {
        found.append((location, symbols.callables[callable].qualifiedName, callable))
      }
    }
    // Dictionaries have no order: by place, then signature (unique within a class), then
    // callable for overrides that differ only in types.
    found.sort { ($0.location, $0.name, $0.callable) < ($1.location, $1.name, $1.callable) }
    for (location, _, index) in found {
      let callable = symbols.callables[index]
      guard let type = callable.typeName,
        var declaration = Self.root(of: index, solved, files: files)
      else { continue }
      let file = Int(location.file)
      declaration.typeName = type
      declaration.parameters = callable.parameters
      declaration.location = location
      declaration.node = -1
      declaration.isStatic = false
      declaration.isProtocolRequirement = false
      declaration.isOverridable = false
      declaration.isConvenience = callable.isConvenience
      declaration.returnedClosures = nil
      declaration.traitKeys = nil
      declaration.branches = []
      declaration.typeConstraints = [:]
      let isFilePrivate = files[file].declarations.types.contains { $0.name == type && !$0.isExtension && $0.isFilePrivate }
      if isFilePrivate { declaration.access = .private }
      byFile[file, default: []].append(Entry(node: callable.node, declaration: declaration))
    }
  }

  var isEmpty: Bool { byFile.isEmpty }

  /// Every entry, in no particular order.
  var all: [Entry] { byFile.values.flatMap { $0 } }

  /// The entries planned in `file`, in index order after its declared functions.
  func entries(of file: Int) -> [Entry] { byFile[file] ?? [] }

  /// The declaration of the inherited initializer `index` of `file` (counted after its declared functions).
  func declaration(file: Int, _ index: Int) -> FunctionDecl { byFile[file]![index].declaration }

  /// The declaration the chain of inherited callables from `index` ends at: a function of
  /// the module (its declaration), or a dependency's (made from its interface entry).
  private static func root(of index: Int, _ solved: SolvedGraph, files: [FileSummary]) -> FunctionDecl? {
    var current = index
    for _ in 0..<16 {
      guard let parent = solved.symbols.callables[current].inherits else { break }
      current = parent
    }
    let root = solved.symbols.callables[current]
    guard root.inherits == nil else { return nil }
    switch solved.graph[root.node].kind {
    case .function(let file, let function):
      guard files.indices.contains(file.index), files[file.index].declarations.functions.indices.contains(function) else {
        return nil
      }
      return files[file.index].declarations.functions[function]
    case .external:
      guard let entry = solved.graph.dependencyChains.entry(of: root.node) else { return nil }
      return FunctionDecl(
        typeName: entry.type, baseName: "init", parameters: root.parameters, scopeParameter: "scope",
        access: AccessLevel(rawValue: entry.access) ?? .internal, isSPIImplicits: entry.spi, isStatic: false,
        isProtocolRequirement: false, isOverridable: false, location: SourceLoc(file: 0, line: 0, column: 0), node: -1,
        returnType: nil, returnKey: nil, isAsync: entry.isAsync ?? false)
    default:
      return nil
    }
  }
}

extension AnalysisResult {
  /// The declaration of a planned function: one the file declares, or (past those) one of
  /// the initializers its subclasses inherit (`InheritedEntries`). Read in place.
  subscript(declarationOf file: Int, index index: Int) -> FunctionDecl {
    _read {
      if index < files[file].declarations.functions.count {
        yield files[file].declarations.functions[index]
      } else {
        yield inheritedEntries.declaration(file: file, index - files[file].declarations.functions.count)
      }
    }
  }

  /// The type, base name and parameters of a planned function (as `[declarationOf:index:]`),
  /// read field by field in place. The subscript's coroutine copied the whole declaration
  /// for each field read through it (a copy and a destroy, ~480 instructions): 195,000 of
  /// them were three quarters of the kept order's check at 5,000 generated files.
  func nameParts(file: Int, index: Int) -> (type: String?, baseName: String, parameters: [ParameterInfo]) {
    guard index < files[file].declarations.functions.count else {
      let inherited = inheritedEntries.declaration(file: file, index - files[file].declarations.functions.count)
      return (inherited.typeName, inherited.baseName, inherited.parameters)
    }
    return (
      files[file].declarations.functions[index].typeName, files[file].declarations.functions[index].baseName,
      files[file].declarations.functions[index].parameters
    )
  }
}
#endif
