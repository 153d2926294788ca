#if ImplicitsAnalysis
/// What the declarations pass (`DeclarationCollector`) finds in one file, and the functions
/// the effects pass finds inside bodies; `FileSummary.declarations`.
struct FileDeclarations: Sendable {
  var functions: [FunctionDecl] = []
  var types: [TypeDecl] = []
  var namedKeys: [NamedKeyDecl] = []
  /// Types declared or extended with a `DefaultImplicit` conformance, as written.
  var defaultedTypes: [String] = []
  /// `typealias` full name → target as written.
  var typeAliases: [(name: String, target: String)] = []
  /// Plain imports outside undecided `#if` clauses.
  var imports: [String] = []
}
#endif
