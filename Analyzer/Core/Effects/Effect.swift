#if ImplicitsAnalysis
/// Who a method call is sent to, as far as syntax tells.
enum Receiver: Hashable, Sendable {
  /// `foo(scope)`: a method of the enclosing type, else a free function.
  case unqualified
  /// `self.foo(scope)`, `Self.foo(scope)`.
  case enclosingType
  /// `Foo(scope)`, `Foo.bar(scope)`, or a variable whose type is known locally.
  case type(String)
  /// `self.x.foo(scope)` / `x.foo(scope)` where `x` may be a stored property.
  case property(String)
  /// `FeedStore.shared.foo(scope)`: a static property of a type. Boxed, as the other
  /// two-string payloads below: inline, it set the size of every `CallSite` (16 bytes of
  /// each call's box, at 5,000 generated files ~100,000 of them alive to the end).
  indirect case staticProperty(type: String, name: String)
  /// `repos.products.load(scope)`, `self.repos.products.load(scope)`: a stored property of
  /// the value another receiver names, typed by its declaration once every file is read.
  indirect case member(of: Receiver, name: String)
  /// `repos.makeProducts().load(scope)`: what method `name` of the value another receiver
  /// names returns, as declared.
  indirect case result(of: Receiver, name: String)
  /// `super.init(scope)`, `super.foo(scope)`: the superclass of the enclosing type.
  case superclass
  /// An operator: a free function or a static member of any type.
  case `operator`
  /// Anything else: any method with this signature.
  case unknown
}

extension Receiver {
  /// A receiver that names a type or value of a type (the enclosing one, or one written),
  /// rather than a value whose type is unknown.
  var isModuleType: Bool {
    switch self {
    case .unqualified, .enclosingType, .type, .superclass, .staticProperty: true
    case .property, .member, .result, .operator, .unknown: false
    }
  }
}

/// A call as written: enough to find the callee by base name, labels and arity.
struct CallSite: Hashable, Sendable {
  var baseName: String
  /// Argument labels in order; `nil` for unlabeled. Trailing closures are `"#trailing"`.
  var labels: [String?]
  var receiver: Receiver
  /// Type enclosing the calling code, for unqualified and `self` calls.
  var callerType: String?
  var location: SourceLoc
  /// True if one of the arguments is a scope the caller holds.
  var passesScope: Bool
  /// Every scope passed is a closure parameter that is a scope only if the closure turns
  /// out to be passed for a scope-taking closure parameter (see `BodyNode.tentativeScope`).
  var isTentative = false
  /// The untyped closure parameters passed: position among the closure's parameters → name.
  var tentativePositions: [Int: String] = [:]
  /// The same names by the argument (in `labels` order) that passes them: the one passed
  /// where the callee takes a scope is the one a diagnostic names.
  var tentativeArguments: [Int: String] = [:]
  /// Whether the call reaches static members, instance members, or either.
  var memberKind: MemberKind = .any
  /// The position of the first argument that passes a scope (for a call through a stored
  /// closure, its `ClosureShape`).
  var scopeArgument: Int? = nil
  /// Written under `await` (or in an `async let`'s value): of a synchronous and an `async`
  /// overload, Swift calls the `async` one here and the synchronous one elsewhere.
  var isAwaited = false
  /// `formatter(row, scope)` through a value whose type is written (`formatter: RowFormatter`,
  /// a parameter or a local): Swift calls `RowFormatter.callAsFunction` if the type has one.
  /// Whether it is a type or a closure alias is known only once every file is read, so the
  /// collector makes this call beside the closure call (`Effect.callClosureValue`), and a
  /// type with no `callAsFunction` (an alias) makes it resolve to nothing, silently.
  var isValueCall = false
  /// `handleTap` of `run(handleTap, scope)`, `button.onTap = model.refresh`: a function
  /// named as a value, not called. It stands for the call `{ a, b in handleTap(a, b) }`
  /// written there would make (`EffectCollector+FunctionValues`): with no labels written
  /// it reaches every function of its base name, whatever its labels; it passes the scope
  /// wherever the function takes one; and one that reaches no implicit function is no error.
  var isReference = false

  static let trailingLabel = "#trailing"

  /// The same call made to `type`'s `callAsFunction`: what Swift runs when a value of
  /// `type` is called (`formatter(row, scope)`).
  func toCallAsFunction(of type: String, isValueCall: Bool) -> CallSite {
    var site = self
    site.baseName = "callAsFunction"
    site.receiver = .type(type)
    site.memberKind = .instance
    site.isValueCall = isValueCall
    return site
  }

  /// `fetch(_:id:)`: asked once per call edge of the module (`SignatureText`).
  var signature: String {
    // `handleTap` named as a value, as written: which of its overloads is unknown.
    if isReference, labels.isEmpty { return baseName }
    return SignatureText.make(type: nil, baseName: baseName, count: labels.count) {
      labels[$0] == Self.trailingLabel ? nil : .some(labels[$0])
    }
  }
}

/// Which members a call can reach: `T.make(scope)` and unqualified calls in a static
/// member reach static ones, calls on a value and unqualified calls in an instance member
/// reach instance ones (Swift allows no other way round).
enum MemberKind: Hashable, Sendable {
  case any, `static`, instance
}

/// How a `#implicits` restore names its bag.
enum BagReference: Hashable, Sendable {
  /// A site in the same file (capture list or local `let`).
  case site(Int)
  /// Parameter number `index` of type `Implicits` of the function whose body is node
  /// `function` of the file: it needs what the code restoring it needs, which its callers'
  /// bags must capture.
  case parameter(function: Int, index: Int)
  /// A stored property `name` of type `type`, resolved across files. Boxed: inline, its
  /// two strings set the size of every `Sink`, so of every `Contribution` (see there).
  indirect case property(type: String, name: String)
  /// `Implicits()`, directly or through a local name: a bag with no values. Restoring it
  /// hides the values around it and provides nothing, so the restored scope is an entry
  /// point of its own.
  case empty
  /// Nothing by that name is a bag.
  case unknown(String)
}

/// The kind of frame an `openScope` effect pushes.
enum ScopeKind: Hashable, Sendable {
  /// `ImplicitScope()` or `withScope {}`: an entry point that starts from nothing.
  case root
  /// `ImplicitScope(with: bag)`: the context becomes exactly the bag.
  case bag(BagReference)
  /// `scope.nested()`: a child frame of an existing scope.
  case nested
}

/// Where a closure literal is created, deciding whether it runs in place.
enum ClosureContext: Hashable, Sendable {
  /// Immediately called, or passed to a well-known non-escaping parameter.
  case inPlace
  /// Argument number `index` of a call (in `CallSite.labels` order); in place only if
  /// the parameter it binds to is not `@escaping`. (Boxed, as every `CallSite` payload:
  /// inline, the largest case sets the size of every value of the enum.)
  /// `inLiteral`: an element of an array or dictionary literal given as that argument, kept
  /// by the callee whatever its parameter says (a callee the analyzer cannot see too).
  indirect case argument(CallSite, index: Int, inLiteral: Bool = false)
  /// A closure bound to a local `let` (or a local function), called by that name: it runs
  /// here. The string is the call as written (`load(_:)`), for notes.
  case called(String)
  /// Argument of a freestanding macro that the analyzer does not know (`#name`).
  case macro(String)
  /// Stored, returned or otherwise escaping.
  case escaping
  /// Stored as a value of the closure type written where it is stored (an element of
  /// `let routes: [String: Handler] = [...]`, `var onTap: Handler? = { … }`), a type that
  /// takes a scope at `scopePosition` (resolved from `type`, an alias, once every file is
  /// read, and then its full name; `nil` while unknown). `type` is empty for a function
  /// type written out. `inProperty`: stored into a stored property of a type (assigned
  /// or as its initial value) or a global, which its callers, maybe in another module,
  /// give a scope. Boxed: inline, it set the size of every `Source.closure`.
  indirect case stored(type: String, scopePosition: Int?, inProperty: Bool)
}

extension ClosureContext {
  /// `.stored` into a stored property.
  var isStoredInProperty: Bool {
    if case .stored(_, _, let inProperty) = self { return inProperty }
    return false
  }
}

/// The parameters of a closure type that takes a scope: how many, and where the scope is,
/// and the `typealias` it is known by, if any. A call through a closure value whose target
/// cannot be known (`routes[path]`, a parameter, an optional, a closure's parameter) may
/// call any escaping closure of its shape that the module makes, of its alias when the
/// value's type is one; the graph gathers those in one node per shape.
struct ClosureShape: Hashable, Sendable {
  var arity: Int
  var scopePosition: Int
  /// The alias's full name (`Router.Handler`); `nil`: any closure of the shape.
  var alias: String? = nil
}

/// One thing a body does that matters for implicits, in source order.
enum Effect: Hashable, Sendable {
  case read(KeyName, SourceLoc)
  /// A declaration: its key as written (a value's key is looked up when the module is
  /// known, `FileAnalyzer.simulate`; spelled after that).
  case provide(WrittenKey, SourceLoc)
  /// After an `#if` the analyzer cannot decide: a key declared at `SourceLoc` only when
  /// `condition` (in words) holds, for the note that explains an error it causes.
  case provideUnderCondition(WrittenKey, SourceLoc, condition: String)
  /// A call that passes a scope, or has closure arguments that need resolution. Boxed:
  /// a `CallSite` inline would make every effect, `enterBranch` too, as large as one.
  indirect case call(CallSite)
  case openScope(name: String?, ScopeKind, SourceLoc)
  case closeScope(name: String, SourceLoc)
  /// A conditional block starts/ends: provisions made inside do not survive it.
  case enterBranch
  case exitBranch
  /// The last `arms` branches that ended are the alternatives of one statement, one of
  /// which always runs (`if … else`, `switch`, `do … catch`): what every alternative that
  /// reaches the statement's end provides is provided after it. Bit `i` of `reaching` is
  /// set when alternative `i` can reach the end (it does not end in `return`, `throw`, …).
  case joinBranches(arms: Int, reaching: UInt64)
  /// A closure literal; `node` indexes `FileSummary.nodes`.
  case closure(node: Int, ClosureContext, SourceLoc)
  /// `#implicits` evaluated here (site index in the file).
  case captureBag(site: Int, SourceLoc)
  /// `body(scope)` where `body` is this function's parameter number `parameter`, a
  /// non-escaping closure taking a scope.
  case callScopeClosure(parameter: Int, SourceLoc)
  /// `handler(request, scope)`, `handler?(request, scope)`, `routes[path]!(request, scope)`:
  /// a call that passes a scope through a closure value. `parameter` when the value is
  /// parameter number `parameter` of this body's function. `tentative`: the scope passed
  /// is the untyped parameter at that position of the enclosing closure, a scope only if
  /// the closure is given one there (see `CallSite.isTentative`).
  case callClosureValue(ClosureShape, parameter: Int?, tentative: Int?, SourceLoc)
  /// `other(body, scope)` where `body` is parameter number `parameter` of this body's
  /// function, a non-escaping closure taking a scope, passed as argument `argument`: the
  /// closures passed for it run where the callee calls that argument. Boxed: see `call`.
  indirect case forwardScopeClosure(parameter: Int, CallSite, argument: Int)
  /// `chain(request, scope)` where `chain` is a `ComposedChain`; `shape` and `tentative` as
  /// in `callClosureValue`, for the call through a value it stays if the graph cannot
  /// unroll it. Boxed: see `call`.
  indirect case callComposedChain(ComposedChain, ClosureShape, tentative: Int?, SourceLoc)
}

/// What kind of code a node is.
enum NodeKind: Hashable, Sendable {
  /// A function/initializer body; `FileSummary.declarations.functions[index]`.
  case function(Int)
  /// A closure literal; `scopeParameter` when it takes an `ImplicitScope`.
  case closure(scopeParameter: String?)
  /// Top-level statements of a file (`main.swift`).
  case topLevel
  /// A getter, setter, observer or subscript body: it has no scope parameter.
  case accessor
}

/// The effects of one body.
struct BodyNode: Sendable {
  var kind: NodeKind
  /// A closure's names the body it is written in (`closure in Shelf.open(_:)`, see
  /// `closureName(in:)`): a note or an interface step inside it names that function.
  var name: String
  var location: SourceLoc
  var effects: [Effect] = []
  var typeName: String?
  /// `scope` in `{ scope in … }`: a scope if the closure is passed for a parameter of
  /// type `(ImplicitScope) -> …`, which only resolution can tell.
  var tentativeScope: String?
  /// A closure literal's number of parameters, and the position of the one written
  /// `ImplicitScope` (for the closures of a `ClosureShape`).
  var closureArity = 0
  var scopePosition: Int?
  /// `PickHandler` of `let pick: PickHandler = { row, scope in … }`: a name that may be an
  /// alias of a scope-taking closure type, which only the whole module tells
  /// (`FileAnalyzer` sets `scopePosition` from it).
  var closureAlias: String?
  /// `health` of `let health: Handler = { … }` at file scope or of a `static let`: a call
  /// by that name runs this closure (`ClosureConstant`).
  var constant: ClosureConstant?

  private static let closurePrefix = "closure in "

  /// The name of a closure written in the body named `owner` (itself maybe a closure).
  static func closureName(in owner: String) -> String {
    closurePrefix + (owningBody(ofClosure: owner) ?? owner)
  }

  /// The function (or accessor, or top-level code) a closure named by `closureName(in:)`
  /// is written in; `nil` for other names.
  static func owningBody(ofClosure name: String) -> String? {
    name.hasPrefix(closurePrefix) ? String(name.dropFirst(closurePrefix.count)) : nil
  }
}
#endif
