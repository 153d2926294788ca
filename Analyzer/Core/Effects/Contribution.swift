#if ImplicitsAnalysis
/// Where unmet requirements at a point of a body go.
enum Sink: Hashable, Sendable {
  /// The body's own requirements (passed to callers through its scope parameter).
  case body(Int)
  /// A root scope (`ImplicitScope()` / `withScope {}`) in the file: must end up empty.
  case entry(Int)
  /// The frame of a restored bag: whatever is needed there, the bag must capture.
  case bag(BagReference)
}

/// What introduces requirements at a point of a body.
enum Source: Hashable, Sendable {
  case key(KeyName)
  /// Boxed: see `Effect.call`.
  indirect case call(CallSite)
  case closure(node: Int, ClosureContext)
  /// `#implicits` evaluated here needs what its restorers need.
  case bagCapture(site: Int)
  /// Calling the closure passed for parameter `parameter` of this body's function.
  case scopeClosure(parameter: Int)
  /// Calling a closure value of that shape; `parameter` as in `Effect.callClosureValue`.
  /// Boxed: inline, its shape set the size of every `Source`.
  indirect case closureValue(ClosureShape, parameter: Int?, tentative: Int?)
  /// The closures passed for parameter `parameter` of this body's function, handed on as
  /// argument `argument` of a call (`Effect.forwardScopeClosure`). Boxed: see `Effect.call`.
  indirect case forwardedScopeClosure(parameter: Int, CallSite, argument: Int)
  /// `Effect.callComposedChain`. Boxed: see `Effect.call`.
  indirect case composedChain(ComposedChain, ClosureShape, tentative: Int?)
}

/// One edge of the requirement graph before resolution: `source` minus `mask` flows into
/// `sink`. `mask` is what the frames between here and the sink already provide.
///
/// Every file's contributions are alive from its simulation to the end of the check (at
/// 5,000 generated files ~210,000 of them, the largest holder of a re-check's peak), so
/// the rare payloads larger than two words are boxed (`BagReference.property`,
/// `ClosureContext.stored`, `Source.closureValue`): 88 bytes a contribution, not 136.
struct Contribution: Hashable, Sendable {
  var sink: Sink
  var source: Source
  var mask: [KeyName]
  var location: SourceLoc
  /// The body (node index in the file) whose code this is.
  var origin: Int
}

/// A root scope.
struct EntryPoint: Hashable, Sendable {
  var location: SourceLoc
  var node: Int
  /// `ImplicitScope(with: Implicits())`: a scope restored from an empty bag.
  var restoresEmptyBag = false
  /// Keys declared in this scope only under some clauses of an `#if` the analyzer cannot
  /// decide: where, and when.
  var conditionalKeys: [KeyName: ConditionalDeclaration] = [:]
}

/// A declaration made only in some configurations.
struct ConditionalDeclaration: Hashable, Sendable {
  var location: SourceLoc
  /// When it is made, in words ("'DEBUG' holds").
  var condition: String
}

/// A bag passed as argument `argument` of a call: the callee may restore it.
struct BagPass: Hashable, Sendable {
  var call: CallSite
  var argument: Int
  var bag: BagReference
}

/// A `ImplicitScope(with:)` restore, so that bags nobody restores can be reported.
struct BagRestore: Hashable, Sendable {
  var bag: BagReference
  var location: SourceLoc
}
#endif
