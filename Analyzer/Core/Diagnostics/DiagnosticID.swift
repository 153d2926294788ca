#if ImplicitsAnalysis
/// The stable identifier of each kind of diagnostic the analyzer emits.
///
/// Text output ends the message with `[#id]` (as swiftc prints diagnostic groups), JSON
/// output has an `"id"` field, and test fixtures match it. An identifier names the rule,
/// not its wording: messages may be reworded, identifiers are never renamed or reused.
/// Every identifier is documented, with a wrong and a right example, in the DocC article
/// "Build-time analysis".
public enum DiagnosticID: String, CaseIterable, Sendable {
  // Requirements that are not met.
  case unresolvedImplicit = "unresolved-implicit"
  case implicitWithoutScopeParameter = "implicit-without-scope-parameter"
  case implicitOutsideScope = "implicit-outside-scope"
  case escapingClosureUsesImplicit = "escaping-closure-uses-implicit"
  case unclassifiedClosureUsesImplicit = "unclassified-closure-uses-implicit"

  // Scopes.
  case scopeNotLet = "scope-not-let"
  case scopeEndMissing = "scope-end-missing"
  case scopeEndRepeated = "scope-end-repeated"
  case scopeEndNotDeferred = "scope-end-not-deferred"
  case scopeEndDeferMisplaced = "scope-end-defer-misplaced"
  case scopeEndDeferShared = "scope-end-defer-shared"
  case scopeEndNestedInDefer = "scope-end-nested-in-defer"
  case endInheritedScope = "end-inherited-scope"
  case rootScopeOverrides = "root-scope-overrides"
  case scopeParameterName = "scope-parameter-name"
  case scopeParameterDuplicate = "scope-parameter-duplicate"
  case scopeParameterInLocalFunction = "scope-parameter-in-local-function"
  case scopeParameterOptional = "scope-parameter-optional"
  case scopeClosureNameDuplicate = "scope-closure-name-duplicate"
  case declarationWithoutLocalScope = "declaration-without-local-scope"
  case unknownCondition = "unknown-condition"

  // Calls.
  case ambiguousCall = "ambiguous-call"
  case unresolvedCall = "unresolved-call"
  case untypedScopeClosureParameter = "untyped-scope-closure-parameter"
  case scopeNotFollowed = "scope-not-followed"
  case dynamicDispatch = "dynamic-dispatch"

  // Keys and stored implicits.
  case keyNotInferable = "key-not-inferable"
  case implicitNotOutermost = "implicit-not-outermost"
  case implicitWildcard = "implicit-wildcard"
  case implicitObservationTracked = "implicit-observation-tracked"
  case storedImplicitInitialValue = "stored-implicit-initial-value"
  case typeWithoutScopeInit = "type-without-scope-init"
  case namedKeyMalformed = "named-key-malformed"
  case namedKeyDuplicate = "named-key-duplicate"

  // Bags.
  case bagUnused = "bag-unused"
  case bagUnknown = "bag-unknown"
  case bagStoredTwice = "bag-stored-twice"

  // Named closure wrappers.
  case closureWrapperDuplicate = "closure-wrapper-duplicate"
  case closureWrapperOutsideScope = "closure-wrapper-outside-scope"

  // `--enable-exporting`.
  case exportNotImplicit = "export-not-implicit"
  case exportNotPublic = "export-not-public"
}
#endif
