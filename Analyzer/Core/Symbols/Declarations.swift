#if ImplicitsAnalysis
/// Access level as written; `nil`/absent means internal.
enum AccessLevel: String, Codable, Comparable, Sendable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  private var rank: Int {
    switch self {
    case .private: 0
    case .fileprivate: 1
    case .internal: 2
    case .package: 3
    case .public: 4
    case .open: 5
    }
  }
  static func < (a: AccessLevel, b: AccessLevel) -> Bool { a.rank < b.rank }
}

/// One parameter of a function declaration, as far as call resolution needs it.
struct ParameterInfo: Codable, Hashable, Sendable {
  /// Argument label; `nil` for `_`.
  var label: String?
  var isScope: Bool
  var hasDefault: Bool
  var isClosure: Bool
  var isEscaping: Bool
  /// A closure that receives an `ImplicitScope` (`(ImplicitScope) -> Void`): calling it
  /// runs the closure passed for it, in place when not escaping.
  var takesScopeClosure = false
  /// For such a closure, the position of its `ImplicitScope` parameter.
  var scopeClosurePosition = 0
  /// `String...`: takes any number of arguments, the first one labelled.
  var isVariadic = false
  /// The type when written as a plain name (`Handler`): a typealias of a closure type that
  /// takes a scope makes the parameter one that does, once every file is read
  /// (`FileAnalyzer.resolveKeys`).
  var writtenType: String? = nil
  /// The full name of the scope-taking closure alias `writtenType` names (`Router.Handler`),
  /// or, for one the body stores (`self.onShare = onShare`), what closures stored into that
  /// property are made as (`ScopeClosureAliases`).
  var closureAlias: String? = nil
  /// The stored property of the function's type the body assigns an `@escaping` closure
  /// parameter to, as written (`onShare` of `self.onShare = onShare`), or a path through its
  /// properties (`archive#onTap` of `archive.onTap = handler`).
  var storedProperty: String? = nil
  /// What closures stored into that property are made as (`ScopeClosureAliases`), once
  /// every file is read: a closure property handed to this parameter is copied there.
  var storedAlias: String? = nil
}

/// How a declaration's parameters turn into argument labels.
enum ArgumentLabels {
  /// Functions and initializers: the first name is the label (`_` for none).
  case declared
  /// Subscripts: no label unless two names are written (`subscript(id id: Int)`).
  case `subscript`
  /// Operators: operands are never labelled.
  case none
}

/// One clause of an `#if` that may or may not be compiled. Two declarations in different
/// clauses of the same `#if` never coexist.
struct ConditionalBranch: Hashable, Sendable {
  var ifConfig: SourceLoc
  var clause: Int

  /// Whether declarations under `a` and under `b` (outermost first) exclude each other.
  static func exclusive(_ a: [ConditionalBranch], _ b: [ConditionalBranch]) -> Bool {
    for x in a { for y in b where x.ifConfig == y.ifConfig && x.clause != y.clause { return true } }
    return false
  }
}

/// A function, method, initializer or subscript-free callable found in a file.
struct FunctionDecl: Sendable {
  /// Enclosing type (`Outer.Inner`), `nil` for free functions.
  var typeName: String?
  /// `init` for initializers.
  var baseName: String
  var parameters: [ParameterInfo]
  /// Name of the `ImplicitScope` parameter; `nil` if the function is not implicit.
  var scopeParameter: String?
  var access: AccessLevel
  var isSPIImplicits: Bool
  var isStatic: Bool
  /// Declared in a protocol body.
  var isProtocolRequirement: Bool
  /// A class method that a subclass may override (or an override itself).
  var isOverridable: Bool
  var location: SourceLoc
  /// The node of this function's body in the file's `FileSummary.nodes`.
  var node: Int
  /// The declared return type as written; `nil` for `Void` and initializers.
  var returnType: String?
  /// The return type resolved in this module (`Self` is the enclosing type), for the
  /// interface's `valueFunctions`; set by `FileAnalyzer.simulate` for free functions and
  /// static members.
  var returnKey: KeyName?
  /// `init?`.
  var isFailable = false
  /// `convenience init`: a class that declares only these still inherits its superclass's
  /// designated initializers (`SymbolTable+InheritedInitializers`).
  var isConvenience = false
  /// `async`: an XCTest method so runs in a task of its own, outside `invokeTest()`'s values.
  var isAsync = false
  /// Where the closure literals it returns are made, when it returns nothing else
  /// (`ReturnedClosures`): a property set to its result holds those.
  var returnedClosures: [SourceLoc]? = nil
  /// Keys the `.implicits { }` traits of a test (on it or on its suites) declare for its
  /// body; `nil` when none applies.
  var traitKeys: [WrittenKey]?
  /// The `#if` clauses it is declared under.
  var branches: [ConditionalBranch] = []
  /// Declared in `extension Array where Element == Int` (or `extension [Int]`): generic
  /// parameter (or `#position`) → the type it must be (see `GenericTypeName.admits`).
  var typeConstraints: [String: String] = [:]

  var isImplicit: Bool { scopeParameter != nil }

  /// `foo(_:label:)`, the name people and `explain` use; built in one string (the graph
  /// pass asks for it for every function of the module: `SignatureText`).
  var signature: String {
    SignatureText.make(type: nil, baseName: baseName, count: parameters.count) { .some(parameters[$0].label) }
  }
  var qualifiedName: String { Self.qualifiedName(type: typeName, baseName: baseName, parameters: parameters) }

  /// `qualifiedName` from the fields it reads: a getter called on a declaration read in
  /// place (`GraphBuilder.moduleSymbols`) copied the whole declaration first.
  static func qualifiedName(type: String?, baseName: String, parameters: [ParameterInfo]) -> String {
    SignatureText.make(type: type, baseName: baseName, count: parameters.count) { .some(parameters[$0].label) }
  }
}

/// A stored `@Implicit` property of a type, read when `init(_ scope:)` runs.
struct StoredImplicit: Equatable, Sendable {
  var key: KeyName
  var location: SourceLoc
}

/// A type declaration or extension; declarations of one type in several files are merged
/// by the symbol table.
struct TypeDecl: Sendable {
  var name: String
  var location: SourceLoc
  var isExtension: Bool
  var storedImplicits: [StoredImplicit] = []
  /// Stored `let name = #implicits` properties: name → bag site index in the file.
  var bagProperties: [(name: String, site: Int)] = []
  /// Stored bag properties that start empty (`var implicits = Implicits()`) and that some
  /// initializer of the type's body does not set: restored before anything is captured
  /// into them, they give nothing. Name → the initial value.
  var emptyBagDefaults: [(name: String, location: SourceLoc)] = []
  /// Stored properties and annotated computed ones: name → type, used to resolve
  /// `self.x.method(scope)`.
  var propertyTypes: [(name: String, type: String)] = []
  /// Properties whose type is written or told by the initial value: name → the key of
  /// their value (for `@Implicit var x = self.x`; possibly a `ValueKey`).
  var propertyKeys: [(name: String, key: WrittenKey)] = []
  /// The first inherited type of a class (its superclass, if it has one).
  var superclass: String?
  /// Declared `private` or `fileprivate` (or inside such a type): a key of this type is
  /// another key in each file that declares one.
  var isFilePrivate = false
  /// Static properties whose type is written or inferable (`static let shared = Store()`).
  var staticPropertyTypes: [(name: String, type: String)] = []
  /// The types it inherits from or conforms to, as written (superclass, protocols).
  var inheritedTypes: [String] = []
  /// Keys an XCTest case declares around each test in its `invokeTest()` with
  /// `withImplicits` (see `ProvidedByLibrary.invokeTestKeys`).
  var invokeTestKeys: [WrittenKey]?
  /// The generic parameters of a type declaration (`Box<T>`), in order.
  var genericParameters: [String] = []
  /// The same-type requirements of an extension (see `FunctionDecl.typeConstraints`).
  var constraints: [String: String] = [:]
  /// Marked `@propertyWrapper`.
  var isPropertyWrapper = false
  /// A protocol's declaration: its extensions' methods are reached through any conforming
  /// type (a dependant learns which types are protocols from the interface).
  var isProtocol = false
  /// A struct that writes no `init` in its body, so Swift synthesizes a memberwise one.
  var hasMemberwiseInit = false
  /// Properties an importer may read (`internal` and wider), for the interface's
  /// `properties`: a dependant's `@Implicit var database = container.database` takes its
  /// key from them.
  var exportedProperties: [ExportedProperty] = []
  /// Stored properties without an initial value that only the module can set: `let`, or
  /// `private`/`fileprivate` (also `private(set)`). Their assignments are all in sight
  /// (`GraphBuilder+ResultProperties`).
  var closedProperties: [String] = []
  /// An enum's cases with associated values (`case run((ImplicitScope) -> Void)`):
  /// `Action.run { scope in … }` keeps its closure, as a memberwise `init` stores one.
  var payloadCases: [PayloadCase] = []
}

/// `case run((ImplicitScope) -> Void)`, `case route(path: String, Handler)`: what a closure
/// given for each associated value is, as a parameter's `ParameterInfo` says it of a function.
struct PayloadCase: Equatable, Sendable {
  var name: String
  var labels: [String?]
  /// Per value: where a closure of its function type, written out, takes its scope; `nil`
  /// when the type is no such function type.
  var scopePositions: [Int?]
  /// Per value: the type's name when it may be a closure alias (`Handler`), known once
  /// every file is read.
  var aliases: [String?]
}

/// A property with a written or inferable type that another module may read.
struct ExportedProperty: Equatable, Sendable {
  var name: String
  var access: AccessLevel
  var isStatic: Bool
  /// As written; its identity in the module once `FileAnalyzer.simulate` resolved it (a
  /// property whose key cannot be told is dropped there).
  var key: WrittenKey
}

/// `extension ImplicitsKeys { static let name = Key<Value>() }`.
struct NamedKeyDecl: Hashable, Sendable {
  var name: String
  var valueType: String
  var access: AccessLevel
  var location: SourceLoc?
  /// Declared as `static let name = Key<Value>()`, so the accessor must be generated;
  /// `false` for the hand-written `var name: SomeKey.Type { SomeKey.self }` form.
  var needsAccessor = true
  /// Declared as `Key<Value>(default: value)`, or by hand with a key type conforming to
  /// `DefaultImplicitKey` (`ProvidedByLibrary.markHandWrittenDefaults`): a read is always provided.
  var hasDefault = false
}

/// Where a `#implicits` expression appears. Its requirements are the union of what the
/// code that restores it needs.
/// A stored property of `type` set to a bag in a body of the type, as an initializer does
/// when the property has no initial value: to one captured there (`name = #implicits`,
/// `self.name = #implicits`: `bag` is `.site`), or to the `Implicits` parameter it is given
/// (`self.name = implicits`: `.parameter`), which then needs what restores of the property need.
struct AssignedBag: Sendable {
  var type: String
  var name: String
  var bag: BagReference
  var location: SourceLoc
}

struct BagSite: Sendable {
  /// Bound name (`implicits` in `[implicits = #implicits]`), `nil` when unbound.
  var name: String?
  var location: SourceLoc
  /// Enclosing type when it is a stored property.
  var storedIn: String?
  /// `#implicits` (generated capture) or `Implicits.captureAll()`.
  var capture: BagCapture
  /// The named closure wrapper whose call captures this bag (`withCheckoutImplicits`).
  var wrapper: String? = nil
}
#endif
