// The macros of `Implicits` and the fallback that `#implicits` calls when no analysis
// plugin generated a bag for its site.
//
// The declarations exist only with the `ImplicitsMacros` trait (default on), because
// their implementation, the `ImplicitsMacroPlugin` compiler plugin, needs swift-syntax.
// Without the trait, capture a bag with `Implicits.captureAll()` and declare named keys
// by hand (see "Keys" in the documentation).

#if ImplicitsMacros
/// Captures the implicits that the code restoring this bag needs.
///
/// Write it where a closure or a stored factory has to take implicit values with it:
///
/// ```swift
/// func makeCheckoutAction(_ scope: ImplicitScope) -> @Sendable () -> Void {
///   { [implicits = #implicits] in
///     let scope = ImplicitScope(with: implicits)
///     defer { scope.end() }
///     checkout(scope)
///   }
/// }
/// ```
///
/// `#implicits` expands to `__implicitsBag(site: "<Module>/<File>.swift:<line>:<column>")`,
/// naming the position of the `#`.
/// - With `ImplicitsAnalysisPlugin` applied to the target, the plugin's generated
///   support file declares the module's own `__implicitsBag(site:)` that captures
///   exactly the keys the analyzer proved the restoring code needs (a module's own
///   top-level function shadows the one imported from `Implicits`; it is
///   `@_spi(ImplicitsGenerated) public` so that `@testable` importers do not see two).
/// - Without the plugin, the public fallback ``__implicitsBag(site:)`` of this module
///   answers and captures the whole visible context, like ``Implicits/captureAll()``:
///   correct, only larger.
@freestanding(expression)
public macro implicits() -> Implicits =
  #externalMacro(module: "ImplicitsMacroPlugin", type: "ImplicitsBagMacro")

/// Makes a named key usable as `@Implicit(\.name)` without the analysis plugin.
///
/// ```swift
/// extension ImplicitsKeys {
///   @NamedImplicitKey static let darkMode = Key<Bool>()
/// }
///
/// @Implicit(\.darkMode) var darkMode = true
/// ```
///
/// The macro adds the tag type `_darkMode_Tag` and the accessor
/// `var darkMode: ImplicitKey<Bool, _darkMode_Tag>.Type`, which is what the analysis
/// plugin generates for a named key without the attribute. The attribute copies the
/// declaration's access level, so a `public static let` key is usable from other
/// modules. The key must be spelled `static let name = Key<Value>()` inside
/// `extension ImplicitsKeys`, the form the analyzer reads; anything else is a
/// compile-time error that says so.
@attached(peer, names: arbitrary)
public macro NamedImplicitKey() =
  #externalMacro(module: "ImplicitsMacroPlugin", type: "NamedImplicitKeyMacro")
#endif

/// The bag of a `#implicits` site that no analysis plugin generated: everything visible.
///
/// `#implicits` calls this function unqualified. A target built with
/// `ImplicitsAnalysisPlugin` declares its own `__implicitsBag(site:)`, which
/// shadows this one and captures only what each site needs; this public one is the
/// fallback for targets without the plugin (and for sites the plugin does not know).
/// Not meant to be called directly: use `#implicits` or ``Implicits/captureAll()``.
///
/// - Parameter site: `"<Module>/<File>.swift:<line>:<column>"` of the `#implicits` token.
/// - Complexity: O(*n*) in the number of visible keys.
@inlinable
public func __implicitsBag(site: StaticString) -> Implicits {
  .captureAll()
}
