#if ImplicitsAnalysis
/// Pass 6 (code generation): the Swift support file compiled into the analysed target.
///
/// Contract with the runtime and the `#implicits` macro:
/// - Every named key `extension ImplicitsKeys { static let x = Key<T>() }` gets
///   ```
///   extension ImplicitsKeys {
///     enum _x_Tag {}
///     var x: ImplicitKey<T, _x_Tag>.Type { ImplicitKey<T, _x_Tag>.self }
///   }
///   ```
///   (`public` on both when the `static let` is public), so `\.x` is a key path to a
///   unique key type. For `Key<T>(default: v)` the tag is
///   `enum _x_Tag: _ImplicitsDefaultTag { static var _implicitsDefault: Any? { ImplicitsKeys.x._defaultValue } }`,
///   through which the runtime finds the default.
/// - Every `#implicits` site is named by the fileID-style string
///   `"<Module>/<FileName>.swift:<line>:<column>"` of its `#` token (1-based, UTF-8 column).
///   The macro expands `#implicits` to `__implicitsBag(site: "<that string>")`, and this
///   file declares `func __implicitsBag(site: StaticString) -> Implicits`, which captures
///   exactly the keys the analyzer proved the restoring code needs, through
///   `Implicits(unsafeKeys: __implicitsKeys0)` over a static table (one per distinct key
///   list, keys de-duplicated, built once) such as
///   `private let __implicitsKeys0: [ImplicitKeyIdentifier] = [Implicits.getRawKey(\.x), Implicits.getRawKey(T.self)]`
///   (`@_spi(Unsafe) import Implicits`). It finds the site by switching on
///   `__implicitsSites.index(of: site)`, an `ImplicitsSiteIndex` of every site name in
///   case order: a site's name is compared once, later captures from it find its literal's
///   address (no `String` per capture). Unknown sites fall back to `Implicits.captureAll()`.
/// - `__implicitsBag` is `@_spi(ImplicitsGenerated) public` (an internal one would be
///   ambiguous with the runtime's fallback under `@testable import`) and is emitted even
///   without sites. Keys marked `@NamedImplicitKey` get no accessor here (the macro makes it).
///   The module's plain imports are repeated so that key types resolve.
/// - The file is always written when requested, so a build plugin's declared output
///   exists; its bytes depend only on the inputs.
struct SupportFileWriter {
  let moduleName: String

  /// A named closure wrapper to generate (see `ClosureWrapperCall`).
  struct Wrapper {
    var site: ClosureWrapperSite
    /// `"<Module>/<File>.swift"` of the call: with its line, the restored scope's origin.
    var fileID: String
    /// What the closure's body needs; `nil`: capture everything visible.
    var keys: [KeyName]?
  }

  /// Static key tables, one per distinct key list, built once: a capture allocates only
  /// the bag.
  private struct KeyTables {
    var tables: [[String]: String] = [:]
    let ownKeys: Set<String>
    /// What `bag` gave for each key list before: most bags of a module capture one of a
    /// few lists, and spelling each key's expression again was most of this file's cost.
    /// A list seen before only looks its table up, so the answer does not change.
    private var given: [[KeyName]: String] = [:]

    init(ownKeys: Set<String>) { self.ownKeys = ownKeys }

    /// `Implicits(unsafeKeys: table)` for `keys`; `Implicits.captureAll()` where generated
    /// code cannot name a key.
    mutating func bag(_ keys: [KeyName]?) -> String {
      guard let keys else { return "Implicits.captureAll()" }
      if let bag = given[keys] { return bag }
      let bag = spelledBag(keys)
      given[keys] = bag
      return bag
    }

    private mutating func spelledBag(_ keys: [KeyName]) -> String {
      // Looked at byte by byte: the module's bags and wrappers name a few keys each, and
      // `Character` searches and interpolation made this a tenth of a re-check.
      var seen = Set<String>()
      var expressions: [String] = []
      expressions.reserveCapacity(keys.count)
      for key in keys {
        // A private type cannot be named from this file either: capture everything.
        if key.namesFilePrivateType { return "Implicits.captureAll()" }
        let expression: String
        if key.utf8.starts(with: "\\.".utf8) {
          // A dependency's named key that this module shadows with its own cannot be
          // named here: that bag captures everything visible instead.
          // `parts[0]` is the key up to its module (`\\.region@Pricing`), never empty.
          let parts = key.utf8.split(separator: UInt8(ascii: "@"))
          let name = Substring(parts[0])
          if parts.count == 2, ownKeys.contains(String(name.dropFirst(2))) { return "Implicits.captureAll()" }
          expression = "Implicits.getRawKey(" + name + ")"
        } else {
          // `(any Service).self`: a metatype of a composed type needs parentheses.
          let composed = key.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "-") }
          expression = composed ? "Implicits.getRawKey((" + key + ").self)" : "Implicits.getRawKey(" + key + ".self)"
        }
        if seen.insert(expression).inserted { expressions.append(expression) }
      }
      guard !expressions.isEmpty else { return "Implicits()" }
      if let table = tables[expressions] { return "Implicits(unsafeKeys: " + table + ")" }
      let table = "__implicitsKeys" + String(tables.count)
      tables[expressions] = table
      return "Implicits(unsafeKeys: " + table + ")"
    }

    var declarations: String {
      var out = ""
      for (keys, table) in tables.sorted(by: { $0.value.count == $1.value.count ? $0.value < $1.value : $0.value.count < $1.value.count }) {
        out += "\nprivate let \(table): [ImplicitKeyIdentifier] = [\(keys.joined(separator: ", "))]"
      }
      return tables.isEmpty ? out : out + "\n"
    }
  }

  /// - Parameter imports: the module's own plain imports, so that key types resolve.
  /// - Parameter bags: each site with its keys; `nil` keys: capture everything visible.
  func render(
    namedKeys: [NamedKeyDecl], bags: [(site: String, keys: [KeyName]?)], imports: [String], wrappers: [Wrapper] = []
  ) -> String {
    let out = renderBytes(namedKeys: namedKeys, bags: bags, imports: imports, wrappers: wrappers)
    return withExtendedLifetime(out) { String(decoding: out.bytes, as: UTF8.self) }
  }

  /// `render`'s text as bytes. A module of 5,000 files has 10,000 bag sites: made as
  /// `String`s by interpolation, the file (1.3 MB) cost ~100 M instructions on every
  /// re-check, as much as the interface's order; written through a `ByteBuffer` it is a
  /// copy per piece.
  func renderBytes(
    namedKeys: [NamedKeyDecl], bags: [(site: String, keys: [KeyName]?)], imports: [String], wrappers: [Wrapper] = []
  ) -> ByteBuffer {
    let out = ByteBuffer(capacity: 64 + 140 * bags.count + 600 * wrappers.count + 200 * namedKeys.count)
    out.append("// Generated by implicits-analyzer ")
    out.append(text: AnalyzerVersion.current)
    out.append(" for module ")
    out.append(text: moduleName)
    out.append(". Do not edit.\n\n")
    out.append("@_spi(Unsafe) import Implicits\n")
    for module in Set(imports).subtracting(["Implicits"]).sorted() {
      out.append("import ")
      out.append(text: module)
      out.append(UInt8(ascii: "\n"))
    }
    for key in namedKeys.sorted(by: { $0.name < $1.name }) where key.needsAccessor {
      let declarations = ImplicitsNaming.namedKeyDeclarations(
        name: key.name, valueType: key.valueType, accessPrefix: key.access >= .public ? "public " : "",
        hasDefault: key.hasDefault)
      out.append("\nextension ImplicitsKeys {\n")
      for line in declarations.lazy.flatMap({ $0.split(separator: "\n") }) {
        out.append("  ")
        out.append(text: String(line))
        out.append(UInt8(ascii: "\n"))
      }
      out.append("}\n")
    }
    out.append("\n/// The bag for each `#implicits` site: exactly what the code restoring it needs.\n")
    out.append("@_spi(ImplicitsGenerated) public func ")
    out.append(text: ImplicitsNaming.bagFunction)
    out.append("(site: StaticString) -> Implicits {\n")
    out.append("  switch __implicitsSites.index(of: site) {\n")
    var tables = KeyTables(ownKeys: Set(namedKeys.map(\.name)))
    let sites = bags.sorted(by: { $0.site < $1.site })
    for (index, bag) in sites.enumerated() {
      out.append("  case ")
      out.appendDecimal(index)
      out.append(":  // \"")
      out.append(text: bag.site)
      out.append("\"\n    return ")
      out.append(text: tables.bag(bag.keys))
      out.append(UInt8(ascii: "\n"))
    }
    out.append("  default:\n    return Implicits.captureAll()\n  }\n}\n")
    out.append("\nprivate let __implicitsSites = ImplicitsSiteIndex([")
    for site in sites {
      out.append("\n  \"")
      out.append(text: site.site)
      out.append("\",")
    }
    out.append(sites.isEmpty ? "])\n" : "\n])\n")
    for wrapper in wrappers.sorted(by: { $0.site.name < $1.site.name }) {
      out.append(text: Self.wrapperFunction(wrapper, bag: tables.bag(wrapper.keys)))
    }
    out.append(text: tables.declarations)
    return out
  }

  /// ```
  /// /// `withRowImplicits { … }` (Shop/List.swift:12): …
  /// func withRowImplicits<P0, R>(
  ///   _ body: @escaping (P0, ImplicitScope) throws -> R
  /// ) -> (P0) throws -> R {
  ///   let bag = Implicits(unsafeKeys: __implicitsKeys0)
  ///   return { (p0: P0) throws -> R in
  ///     let scope = ImplicitScope(with: bag, file: "Shop/List.swift", line: 12)
  ///     defer { scope.end() }
  ///     return try body(p0, scope)
  ///   }
  /// }
  /// ```
  /// The parameter types are generic, so that the closure's own (written or inferred from
  /// where the result goes) are kept; `async` and `throws` are the closure's.
  private static func wrapperFunction(_ wrapper: Wrapper, bag: String) -> String {
    let name = wrapper.site.name
    let line = wrapper.site.location.line
    let signature = wrapper.site.signature
    let parameters = (0..<signature.leadingParameters).map { "P\($0)" }
    let values = (0..<signature.leadingParameters).map { "p\($0)" }
    let sendable = signature.isSendable ? "@Sendable " : ""
    let effects = (signature.isAsync ? "async " : "") + (signature.isThrowing ? "throws " : "")
    let call = (signature.isThrowing ? "try " : "") + (signature.isAsync ? "await " : "")
      + "body(" + (values + ["scope"]).joined(separator: ", ") + ")"
    let typedValues = zip(values, parameters).map { "\($0): \($1)" }.joined(separator: ", ")
    return """

      /// `\(name) { … }` (\(wrapper.fileID):\(line)): captures what its closure needs where
      /// it is called and returns the closure, run in a scope restored from that bag.
      func \(name)<\((parameters + ["R"]).joined(separator: ", "))>(
        _ body: \(sendable)@escaping (\((parameters + ["ImplicitScope"]).joined(separator: ", "))) \(effects)-> R
      ) -> \(sendable)(\(parameters.joined(separator: ", "))) \(effects)-> R {
        let bag = \(bag)
        return { (\(typedValues)) \(effects)-> R in
          let scope = ImplicitScope(with: bag, file: "\(wrapper.fileID)", line: \(line))
          defer { scope.end() }
          return \(call)
        }
      }

      """
  }
}

extension AnalysisResult {
  /// The generated support file for this module.
  public var supportFile: String {
    let bytes = supportFileBytes
    return withExtendedLifetime(bytes) { String(decoding: bytes.bytes, as: UTF8.self) }
  }

  /// The support file as bytes, as `CheckRun` writes it.
  var supportFileBytes: ByteBuffer {
    var bags: [(String, [KeyName]?)] = []
    var wrappers: [SupportFileWriter.Wrapper] = []
    // A name the module declares is reported (`ClosureWrapperRules`) and not generated.
    var wrapperNames = Set(ClosureWrapperRules.declarations(of: Set(files.flatMap(\.closureWrappers).map(\.name)), in: files).keys)
    let ranks = graph.keyRanks
    for file in files.indices {
      // Read in place: a copy of the summary retained every field of 5,000 files.
      guard !files[file].closureWrappers.isEmpty || !files[file].bagSites.isEmpty else { continue }
      let fileID = ImplicitsNaming.fileID(module: options.moduleName, path: paths[file])
      let nodes = solved.nodes(of: FileID(file)).bags
      // A name used twice is reported (`ClosureWrapperRules`); the first use is generated.
      for wrapper in files[file].closureWrappers where wrapperNames.insert(wrapper.name).inserted {
        let node = nodes[wrapper.bagSite]
        wrappers.append(.init(
          site: wrapper, fileID: fileID,
          keys: solved.captureAllBags.contains(node) ? nil : graph.requirementNames(of: node, ranks: ranks)))
      }
      // `Implicits.captureAll()` captures at run time: nothing to generate.
      for index in files[file].bagSites.indices {
        let site = files[file].bagSites[index]
        guard site.capture == .macro, site.wrapper == nil else { continue }
        let node = nodes[index]
        let name = ImplicitsNaming.bagSite(fileID: fileID, line: Int(site.location.line), column: Int(site.location.column))
        bags.append((name, solved.captureAllBags.contains(node) ? nil : graph.requirementNames(of: node, ranks: ranks)))
      }
    }
    return SupportFileWriter(moduleName: options.moduleName).renderBytes(
      namedKeys: files.flatMap(\.declarations.namedKeys), bags: bags, imports: files.flatMap(\.declarations.imports),
      wrappers: wrappers)
  }
}
#endif
