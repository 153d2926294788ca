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
  /// `typealias Handler = (Request, ImplicitScope) -> Response`: full name → the position
  /// of the scope among the closure's parameters.
  var scopeClosureAliases: [(name: String, position: Int)] = []
  /// `var onSelect: ((Int, ImplicitScope) -> Void)?` in `RowCell`: `RowCell.onSelect` → the
  /// position of the scope. A closure assigned to the property is of that type.
  var scopeClosureProperties: [(name: String, position: Int)] = []
  /// Plain imports outside undecided `#if` clauses.
  var imports: [String] = []
  /// `@Test(.implicits { @Implicit var clock = Clock.system })`: a trait declaration whose
  /// key is a value's, resolved across files; where it is declared, to report it there
  /// once when it cannot be told.
  var traitValueKeys: [(key: WrittenKey, location: SourceLoc)] = []
}
#endif
