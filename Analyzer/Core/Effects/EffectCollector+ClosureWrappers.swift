#if ImplicitsAnalysis
import SwiftSyntax

/// `withCheckoutImplicits { (order: Order, scope) in … }` (see `ClosureWrapperCall`): the
/// call captures a bag of what the body needs, and the body runs, whenever the returned
/// closure is called, in a scope restored from that bag. So the body is checked against
/// the bag, and the bag's keys are required where the wrapper is called.
extension EffectCollector {
  func collectClosureWrapper(_ wrapper: ClosureWrapperCall, at call: FunctionCallExprSyntax) {
    let location = file.location(of: call)
    let stored = declarations.bodies.storedWrapperSites[call.id]
    let site = stored ?? found.add(file.bagSite(name: nil, .macro, at: call, wrapper: wrapper.name))
    // In a stored property's initial value, each `init(_ scope:)` captures the bag.
    let outsideScope = stored == nil && environment.scopes.isEmpty
    found.closureWrappers.append(ClosureWrapperSite(
      name: wrapper.name, location: location, signature: wrapper.signature, bagSite: site,
      isOutsideScope: outsideScope,
      end: file.lines.location(ofUTF8Offset: call.endPositionBeforeTrailingTrivia.utf8Offset)))
    if stored == nil, !outsideScope { effects.append(.captureBag(site: site, location)) }
    let node = closureNode(wrapper.closure, scopeParameter: nil, restoring: (wrapper.scopeName, site))
    effects.append(.closure(node: node, .inPlace, location))
  }

}

/// Module-wide rules of named closure wrappers: a name is one wrapper (the support file
/// generates one function per name), and not a function the module declares.
enum ClosureWrapperRules {
  /// `diagnostics` without those about the closure of a call taken for a wrapper although
  /// another file declares a function of that name (that call is reported instead).
  static func withoutMistakenWrappers(_ diagnostics: [Diagnostic], _ files: [FileSummary]) -> [Diagnostic] {
    let sites = files.flatMap(\.closureWrappers)
    let declared = declarations(of: Set(sites.map(\.name)), in: files)
    let mistaken = sites.filter { declared[$0.name] != nil }
    guard !mistaken.isEmpty else { return diagnostics }
    return diagnostics.filter { diagnostic in
      !mistaken.contains { $0.location < diagnostic.location && diagnostic.location <= $0.end }
    }
  }

  static func check(_ files: [FileSummary]) -> [Diagnostic] {
    var first: [String: SourceLoc] = [:]
    var diagnostics: [Diagnostic] = []
    let sites = files.flatMap(\.closureWrappers).sorted { $0.location < $1.location }
    let declared = declarations(of: Set(sites.map(\.name)), in: files)
    for site in sites {
      // Declared in another file: the file of the call saw no declaration.
      if let declaration = declared[site.name] {
        diagnostics.append(.error(
          .closureWrapperDuplicate, "'\(site.name)' is declared in this module, so the analyzer cannot take this call for a named closure wrapper; rename the function or the wrapper",
          at: site.location, notes: [.init(location: declaration, message: "'\(site.name)' is declared here")]))
        continue
      }
      if site.isOutsideScope {
        diagnostics.append(.error(
          .closureWrapperOutsideScope, "closure wrapper '\(site.name)' is called where no scope is open, so it has nothing to capture; call it in a function that takes an 'ImplicitScope' or after 'let scope = ImplicitScope()'",
          at: site.location))
      }
      guard let earlier = first[site.name] else {
        first[site.name] = site.location
        continue
      }
      diagnostics.append(.error(
        .closureWrapperDuplicate, "closure wrapper '\(site.name)' is already used in this module; each call of a named closure wrapper needs a name of its own",
        at: site.location, notes: [.init(location: earlier, message: "'\(site.name)' is first used here")]))
    }
    return diagnostics
  }

  /// Functions of the module named like one of `names` → where the first is declared.
  static func declarations(of names: Set<String>, in files: [FileSummary]) -> [String: SourceLoc] {
    guard !names.isEmpty else { return [:] }
    var found: [String: SourceLoc] = [:]
    for file in files {
      for function in file.declarations.functions where names.contains(function.baseName) && found[function.baseName] == nil {
        found[function.baseName] = function.location
      }
    }
    return found
  }
}
#endif
