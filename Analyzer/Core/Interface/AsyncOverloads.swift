#if ImplicitsAnalysis
/// The functions a dependant needs to know the `async` of: a type's (or the module's free)
/// functions of one signature declared both `async` and not, as a migrated container's
/// `withDependencies(_:_:)` is. Swift picks the synchronous one for a call without `await`
/// and the `async` one under `await`; the interface records `isAsync` for these only, so
/// that the interfaces of modules without such pairs do not change.
struct AsyncOverloads: Sendable {
  private var overloaded: Set<String> = []

  /// Names only the `async` functions, then the synchronous ones of their base names: a
  /// module without `async` functions costs a pass over its declarations' flags.
  init(_ files: [FileSummary]) {
    var asyncNames: Set<String> = []
    var asyncBaseNames: Set<String> = []
    for file in files {
      for function in file.declarations.functions where function.isAsync {
        asyncNames.insert(Self.name(function))
        asyncBaseNames.insert(function.baseName)
      }
    }
    guard !asyncNames.isEmpty else { return }
    for file in files {
      for function in file.declarations.functions where !function.isAsync && asyncBaseNames.contains(function.baseName) {
        let name = Self.name(function)
        if asyncNames.contains(name) { overloaded.insert(name) }
      }
    }
  }

  /// The functions with such an overload, sorted (a run-wide input of `ReprintedEntries`).
  var names: [String] { overloaded.sorted() }

  /// Whether any function has such an overload: when not, no declaration need be read.
  var exist: Bool { !overloaded.isEmpty }

  /// `function.isAsync` when it has such an overload, else `nil`.
  func isAsync(_ function: FunctionDecl) -> Bool? {
    guard !overloaded.isEmpty, overloaded.contains(Self.name(function)) else { return nil }
    return function.isAsync
  }

  private static func name(_ function: FunctionDecl) -> String {
    (function.typeName ?? "") + "." + function.signature
  }
}
#endif
