#if ImplicitsAnalysis
/// Resolves a type name as written at some point of the module to the declaration it
/// names, the way Swift's lexical lookup does: innermost enclosing type first, then the
/// top level; a leading module name is dropped; typealiases stand for their target.
/// Names of types the module does not declare stay as written.
struct TypeResolver: Sendable {
  /// Every type the module declares or extends, by full name (`Payments.Config`).
  private(set) var types: Set<String> = []
  /// `typealias` full name → (target as written, the context it was written in).
  private(set) var aliases: [String: (target: String, context: String?)] = [:]
  /// Modules whose name may prefix a type (`Core.Session`): this one, its dependencies
  /// and the standard library.
  var moduleNames: Set<String> = [KeySpelling.standardLibrary]

  mutating func addType(_ name: String) { types.insert(name) }

  mutating func addAlias(_ name: String, target: String) { aliases[name] = (target, Self.context(ofAlias: name)) }

  /// Where an alias's target is read: the type enclosing its declaration.
  static func context(ofAlias name: String) -> String? {
    name.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(name[..<$0]) }
  }

  // Dots are found in UTF-8 bytes, here and in `SymbolTable`: a `Character` search costs
  // thousands of instructions per name, and this runs for every key and call of the module.

  /// The full name of the type `name` (dotted, no generic arguments) written in `context`;
  /// `nil` if the module declares no such type or alias.
  func declaration(_ name: String, context: String?) -> String? {
    Self.declaration(name, context: context, moduleNames: moduleNames) { types.contains($0) || aliases[$0] != nil }
  }

  /// The lookup itself, over whatever tells which full names the module declares as a
  /// type or alias (`KeyDeclarations` when one file's keys are resolved from an index).
  @inline(__always)
  static func declaration(
    _ name: String, context: String?, moduleNames: Set<String>, declares: (String) -> Bool
  ) -> String? {
    var name = name
    var scope = context
    // `App.Config`: the module's top-level `Config`, whatever encloses the use.
    if let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")), moduleNames.contains(String(name[..<dot])) {
      name = String(name[name.index(after: dot)...])
      scope = nil
    }
    while let current = scope {
      let candidate = current + "." + name
      if declares(candidate) { return candidate }
      scope = current.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(current[..<$0]) }
    }
    return declares(name) ? name : nil
  }

  /// `name` with a leading module name dropped, for types the module does not declare.
  func withoutModule(_ name: String) -> String { Self.withoutModule(name, moduleNames: moduleNames) }

  static func withoutModule(_ name: String, moduleNames: Set<String>) -> String {
    guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")), moduleNames.contains(String(name[..<dot])) else { return name }
    return String(name[name.index(after: dot)...])
  }
}
#endif
