#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// `ChangeSet`: one field of one declaration changed at a time, the name it is listed
/// under appears in its part (and an edit that changes nothing a lookup reads leaves every
/// part empty).
@Suite struct ChangeSetTests {
  static let base = """
    import Implicits

    protocol Loading {}
    class Base {}
    struct Store: Loading {
      var name: String
      @Implicit var clock: Clock
      static let shared = Store(name: "a")
      func load(_ id: Int, scope: ImplicitScope) { @Implicit var clock: Clock }
      func save(scope: ImplicitScope) {}
    }
    class Screen: Base {
      var store: Store
      init(store: Store) { self.store = store }
    }
    typealias Model = Store
    typealias Handler = (Int, ImplicitScope) -> Void
    let health: Handler = { id, scope in }
    extension ImplicitsKeys {
      static let token = Key<String>()
    }
    func run(_ screen: Screen, scope: ImplicitScope) {
      screen.store.load(1, scope: scope)
    }
    """

  static func summary(_ source: String, path: String = "/m/A.swift") -> FileSummary {
    guard case .success(let summary) = FileAnalyzer.analyze(
      path: path, index: 0, bytes: Array(source.utf8), conditions: ConditionEvaluator(defines: []))
    else { preconditionFailure("does not parse") }
    return summary
  }

  static func change(_ old: String, _ new: String) -> ChangeSet {
    ChangeSet(old: summary(old), new: summary(new))
  }

  /// The base with `original` replaced by `replacement` (which must occur once).
  static func edited(_ original: String, _ replacement: String) -> String {
    precondition(base.components(separatedBy: original).count == 2, "\(original) must occur once")
    return base.replacingOccurrences(of: original, with: replacement)
  }

  @Test func aBodyEditAndMovedLinesChangeNothing() {
    #expect(Self.change(Self.base, Self.base).isEmpty)
    let body = Self.edited("screen.store.load(1, scope: scope)", "screen.store.load(2, scope: scope)\n  print(1)")
    #expect(Self.change(Self.base, body).isEmpty)
    #expect(Self.change(Self.base, "// a comment\n\n" + Self.base).isEmpty)
  }

  @Test(arguments: [
    ("func load(_ id: Int,", "func load(id: Int,"),  // label
    ("func load(_ id: Int,", "func load(_ id: Int = 1,"),  // default
    ("func load(_ id: Int,", "func load(_ id: Int, _ more: Int,"),  // arity
    ("func load(_ id: Int,", "func load(_ id: @escaping () -> Void,"),  // closure, escaping
    ("func load(_ id: Int,", "func load(_ id: (ImplicitScope) -> Void,"),  // scope closure
    ("func load(_ id: Int,", "static func load(_ id: Int,"),  // static
    ("func load(_ id: Int,", "private func load(_ id: Int,"),  // private
    ("scope: ImplicitScope) { @Implicit", "scope: ImplicitScope) async { @Implicit"),  // async
    ("scope: ImplicitScope) { @Implicit", "scope: ImplicitScope) -> Int { @Implicit"),  // return type
    ("func load(_ id: Int, scope: ImplicitScope)", "func load(_ id: Int)"),  // implicit
  ])
  func aCallableFieldChangesItsBaseName(_ edit: (String, String)) {
    let change = Self.change(Self.base, Self.edited(edit.0, edit.1))
    #expect(change.baseNames.contains("load"), "\(edit)")
    #expect(!change.baseNames.contains("save"), "\(edit)")
    #expect(!change.baseNames.contains("run"), "\(edit)")
  }

  /// A function added or removed before others moves their place in the file (a callee's
  /// name): every function after it and every closure constant (closures' bodies are
  /// numbered after the functions').
  @Test func aFunctionAddedOrRemovedMovesTheOnesAfterIt() {
    let change = Self.change(Self.base, Self.edited("  func save(", "  func fetch(scope: ImplicitScope) {}\n  func save("))
    #expect(change.baseNames == ["fetch", "save", "init", "run", "health"])
    let appended = Self.change(Self.base, Self.base + "\nfunc last(scope: ImplicitScope) {}\n")
    #expect(appended.baseNames == ["last", "health"])
    let removed = Self.change(Self.base, Self.edited("func load(_ id: Int, scope: ImplicitScope) { @Implicit var clock: Clock }", ""))
    #expect(removed.baseNames == ["load", "save", "init", "run", "health"])
  }

  /// Methods are listed with their type as declared, free functions alone.
  @Test func callablesAreQualified() {
    let change = Self.change(Self.base, Self.edited("func load(_ id: Int,", "func load(id: Int,"))
    #expect(change.callables == ["Store load"])
    let free = Self.change(Self.base, Self.edited("func run(_ screen:", "func run(screen:"))
    #expect(free.callables == ["run"])
  }

  @Test func anExtensionConstraintAndAnOverload() {
    let constrained = Self.change(
      Self.base, Self.base + "\nextension Array where Element == Int { func total(scope: ImplicitScope) {} }\n")
    #expect(constrained.baseNames == ["total", "health"])
    #expect(constrained.types == ["Array"])
    let overload = Self.change(Self.base, Self.base + "\nfunc run(other: Int, scope: ImplicitScope) {}\n")
    #expect(overload.baseNames == ["run", "health"])
  }

  @Test func aClosureConstantIsACallable() {
    let change = Self.change(Self.base, Self.edited("let health: Handler = { id, scope in }", "private let health: Handler = { id, scope in }"))
    #expect(change.baseNames == ["health"])
  }

  @Test(arguments: [
    ("class Screen: Base {", "class Screen {", "Screen"),  // superclass
    ("struct Store: Loading {", "struct Store {", "Store"),  // conformance
    ("  var store: Store\n", "  var store: Model\n", "Screen"),  // property type
    ("static let shared = Store(name: \"a\")", "static let shared: Model = Store(name: \"a\")", "Store"),  // static property
    ("typealias Model = Store", "typealias Model = Screen", "Model"),  // typealias
    ("class Base {}", "class Base {}\nstruct Extra {}", "Extra"),  // a type added
    ("@Implicit var clock: Clock\n  static", "static", "Store"),  // a stored implicit
  ])
  func aTypeFactChangesItsTypeName(_ edit: (String, String, String)) {
    let change = Self.change(Self.base, Self.edited(edit.0, edit.1))
    #expect(change.types.contains(edit.2), "\(edit)")
    #expect(change.callables.isEmpty, "\(edit)")
  }

  /// A type that gains its first method of the module: `dependencyMembers` asks that.
  @Test func aTypeThatGainsMethods() {
    let change = Self.change(Self.base, Self.base + "\nextension Base { func reset() {} }\n")
    #expect(change.baseNames == ["reset", "health"])
    #expect(change.types.contains("Base"))
  }

  @Test func namedKeysAndAliases() {
    let key = Self.change(Self.base, Self.edited("static let token = Key<String>()", "static let token = Key<Int>()"))
    #expect(key.keys == ["token"])
    #expect(key.keyIdentifiers.isEmpty || key.keyIdentifiers == ["Ktoken"])
    let added = Self.change(Self.base, Self.edited("static let token = Key<String>()", "static let token = Key<String>()\n  static let user = Key<String>()"))
    #expect(added.keys == ["user"])
    #expect(added.keyIdentifiers == ["Kuser"])
    let alias = Self.change(
      Self.base, Self.edited("typealias Handler = (Int, ImplicitScope) -> Void", "typealias Handler = (ImplicitScope, Int) -> Void"))
    #expect(alias.aliases == ["Handler"])
    #expect(alias.types == ["Handler"])
  }

  /// The key resolution's identifiers, as `KeyResolutionInputs` digests them.
  @Test func keyIdentifiers() {
    let alias = Self.change(Self.base, Self.edited("typealias Model = Store", "typealias Model = Screen"))
    #expect(alias.keyIdentifiers == ["TModel"])
    let superclass = Self.change(Self.base, Self.edited("class Screen: Base {", "class Screen {"))
    #expect(superclass.keyIdentifiers == ["SScreen"])
    let returns = Self.change(
      Self.base, Self.edited("func save(scope: ImplicitScope) {}", "func save(scope: ImplicitScope) -> Int { 1 }"))
    #expect(returns.keyIdentifiers == ["FStore\u{0}save"])
  }

  /// Added, deleted and renamed files count whole; a rename changes what a `private`
  /// declaration is private to.
  @Test func filesAddedDeletedAndRenamed() {
    let whole = ChangeSet(old: nil, new: Self.summary(Self.base))
    #expect(whole.baseNames == ["load", "save", "init", "run", "health"])
    #expect(whole.types.isSuperset(of: ["Store", "Screen", "Base", "Loading", "Model", "Handler"]))
    #expect(whole.keys == ["token"])
    #expect(whole.aliases.contains("Handler"))
    #expect(ChangeSet(old: Self.summary(Self.base), new: nil) == whole)
    var renamed = ChangeSet(old: Self.summary(Self.base), new: nil)
    renamed.formUnion(ChangeSet(old: nil, new: Self.summary(Self.base, path: "/m/B.swift")))
    #expect(renamed == whole)
  }
}
#endif
