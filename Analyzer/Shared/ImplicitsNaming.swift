// The names that the analyzer's generated code, the macros and the build plugin must
// agree on, in one file. It is symlinked into `Analyzer/Core`, `Analyzer/Macros` and
// `Analyzer/Plugin` (a build-tool plugin cannot depend on a library target), so it uses
// the standard library only: no swift-syntax, no Foundation. Changing a name here
// changes it for all three; `NamingContractTests` checks that they agree.

/// Named keys, bag sites and the plugin's files.
enum ImplicitsNaming {
  // MARK: Named keys

  /// The type `extension ImplicitsKeys { … }` extends, as it may be spelled.
  static let keysNamespaces: Set<String> = ["ImplicitsKeys", "Implicits.ImplicitsKeys"]

  /// `_darkMode_Tag` for `darkMode` (or `` `darkMode` ``): the tag type that makes a named
  /// key's type unique.
  static func tagName(forKey name: String) -> String {
    "_\(withoutBackticks(name))_Tag"
  }

  /// The two declarations that make `\.name` a key path to a unique key type, inside
  /// `extension ImplicitsKeys`:
  /// `enum _name_Tag {}` and `var name: ImplicitKey<Value, _name_Tag>.Type { … }`.
  /// A key declared with a default (`Key<T>(default: …)`) gets a tag that forwards to the
  /// declaration, which holds (and evaluates) the default.
  /// - Parameters:
  ///   - name: the key's name as written (backticks kept for the accessor).
  ///   - accessPrefix: `"public "`, or another access modifier and a space, or empty.
  static func namedKeyDeclarations(name: String, valueType: String, accessPrefix: String, hasDefault: Bool) -> [String] {
    let tag = tagName(forKey: name)
    let keyType = "ImplicitKey<\(valueType), \(tag)>"
    // A witness of a public tag must be public; otherwise the tag's own access is enough.
    let memberAccess = ["public ", "package "].contains(accessPrefix) ? accessPrefix : ""
    let tagDeclaration = hasDefault
      ? """
        \(accessPrefix)enum \(tag): _ImplicitsDefaultTag {
          \(memberAccess)static var _implicitsDefault: Any? { ImplicitsKeys.\(name)._defaultValue }
        }
        """
      : "\(accessPrefix)enum \(tag) {}"
    return [tagDeclaration, "\(accessPrefix)var \(name): \(keyType).Type { \(keyType).self }"]
  }

  static func withoutBackticks(_ name: String) -> String {
    name.hasPrefix("`") && name.hasSuffix("`") && name.count >= 2 ? String(name.dropFirst().dropLast()) : name
  }

  // MARK: Bag sites

  /// The function `#implicits` expands to a call of; the support file declares it.
  static let bagFunction = "__implicitsBag"

  /// `"<Module>/<File>.swift:<line>:<column>"`: a `#implicits` site, named by the position
  /// of its `#` (1-based line and UTF-8 column, as swiftc counts them).
  /// - Parameter fileID: `#fileID` of the file, `"<Module>/<File>.swift"`.
  static func bagSite(fileID: String, line: Int, column: Int) -> String {
    fileID + ":" + String(line) + ":" + String(column)
  }

  /// `#fileID` of the file at `path` in `module`.
  static func fileID(module: String, path: String) -> String {
    // The last component found from the end, by bytes: splitting the whole path, then
    // searching it by `Character`, was most of the support file's cost per source file.
    if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.utf8.index(after: slash) != path.utf8.endIndex {
      return module + "/" + path[path.utf8.index(after: slash)...]
    }
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    return "\(module)/\(fileName)"
  }

  /// The site of a `#implicits` whose position the compiler does not tell (inside another
  /// macro's expansion); the support file never lists it, so the fallback captures all.
  static let unknownBagSite = "<unknown>"

  // MARK: The plugin's files

  static func supportFileName(module: String) -> String { "\(module)+ImplicitsSupport.swift" }
  static func interfaceFileName(module: String) -> String { "\(module).implicitinterface" }
}
