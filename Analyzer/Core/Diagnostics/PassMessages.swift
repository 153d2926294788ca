#if ImplicitsAnalysis
/// The messages the passes report on their way (declarations, effects, frames, graph
/// building), which no rule of `Rules/` owns, in one place, as swift-syntax keeps the
/// parser's (`ParserDiagnosticMessages.swift`). Rules keep theirs beside them; the
/// graph's verdicts are `GraphDiagnoser`'s. Each says what happened and how to fix it.
enum PassMessages {
  static func dynamicDispatch(_ signature: String, isProtocolRequirement: Bool) -> String {
    let what = isProtocolRequirement ? "protocol requirement" : "overridable method"
    return "\(what) '\(signature)' takes an ImplicitScope, but calls through dynamic dispatch cannot be analysed; make it 'final' or a non-protocol function"
  }

  static func storedImplicitInitialValue(_ name: String) -> String {
    "stored implicit property '\(name)' cannot have an initial value; it is read from the scope passed to 'init(_ scope:)'"
  }

  static let mapKeysNotInferable = "cannot infer the keys of 'Implicit.map'; pass '\\.key' or 'Type.self'"

  /// - Parameter isStored: the scope is a stored property, kept to be used later.
  static func scopeNotFollowed(_ name: String, isStored: Bool) -> String {
    let fix = isStored
      ? "to use what a scope provides after it was created, store a bag instead ('let implicits = #implicits') and restore it with 'withScope(with: implicits) { scope in … }'; or take the scope as a parameter"
      : "pass the scope parameter, or create one with 'let scope = ImplicitScope()'"
    return "the analyzer cannot follow the scope in '\(name)': it is not this function's scope parameter nor a scope created here, so what it provides is unknown; \(fix)"
  }

  /// `self.scope = ImplicitScope()`: a scope kept in a property (`scope-not-let`).
  static func storedScope(_ property: String) -> String {
    "a scope is a named 'let' ended by the 'defer' after it; '\(property)' keeps this one in a property, where the analyzer cannot follow what it provides to the code that uses it"
  }

  /// The forms values kept for later code take instead of a stored scope: a test case's or
  /// suite's first.
  static let storedScopeForms =
    "in tests, declare the values around each test: in XCTest, override 'invokeTest()' and wrap 'super.invokeTest()' in 'withImplicits({ … }) { … }'; in Swift Testing, use the '.implicits { … }' trait on the suite or the test; elsewhere, keep a bag ('let implicits = #implicits') and restore it with 'withScope(with: implicits) { scope in … }', or open 'let scope = ImplicitScope()' where the values are used"

  /// - Parameter scope: the scope parameter to nest, if the function has one.
  static func declarationWithoutLocalScope(_ key: KeyName, scope: String?) -> String {
    let how = scope.map { "'let scope = \($0).nested()'" } ?? "'let scope = ImplicitScope()'"
    return "declaring implicit \(key.quoted) needs a local scope; create one with \(how) and end it with 'defer { scope.end() }'"
  }

  static func unresolvedImplicitCall(_ signature: String) -> String {
    "cannot resolve the implicit function '\(signature)' called here; the analyzer needs its declaration in this module or in a dependency's interface ('--dependency-interface')"
  }

  static func untypedScopeClosureParameter(_ name: String) -> String {
    // `$1` cannot be annotated: the closure's parameters must be named first.
    let annotate = name.hasPrefix("$")
      ? "name the closure's parameters and write the scope's type ('{ (value, scope: ImplicitScope) in … }')"
      : "write its type ('{ (\(name): ImplicitScope) in … }')"
    return "cannot tell whether closure parameter '\(name)' is an ImplicitScope; \(annotate) or pass the closure to a parameter of type '(ImplicitScope) -> …'"
  }

  static func unknownBag(_ name: String) -> String {
    "unknown bag '\(name)'; restore only bags captured with '#implicits' or 'Implicits.captureAll()' in a closure capture list, a local 'let' or a stored property, or received as an 'Implicits' parameter"
  }

  /// `@Implicit static var clock: Clock`: Swift makes a static property's value once, when
  /// it is first used, in whatever scope is current on that thread then, and keeps it.
  static func staticImplicit(_ key: String, declares: Bool) -> String {
    declares
      ? "implicit '\(key)' declared outside any scope; a static '@Implicit' property declares its value once, when it is first used, in whatever scope is current then: declare it in the function that makes the scope"
      : "implicit '\(key)' used outside any scope; a static '@Implicit' property reads its value once, when it is first used, from whatever scope is current then: read it in a function that takes the scope, or as a stored property read by 'init(_ scope:)'"
  }

  /// - Parameter bagSpelling: how the type's first stored bag is captured, if it has no
  ///   stored `@Implicit` properties.
  static func typeWithoutScopeInit(_ type: String, bagSpelling: String?) -> String {
    let what = bagSpelling.map { "stores a bag captured with '\($0)'" } ?? "has stored '@Implicit' properties"
    return "type '\(type)' \(what) but no 'init(_ scope: ImplicitScope)' to read them from"
  }
}
#endif
