#if ImplicitsAnalysis
/// What one file's key resolution read from the rest of the module, so that a re-check
/// can tell whether its resolved keys still hold without resolving them again.
///
/// The module's declarations are grouped by the name a lookup asks for (an *identifier*):
/// `T<last component>` for types, typealiases, which of them are generic and which files
/// declare a `fileprivate` type (`Config` covers `Payments.Config`), `F<owner>\0<name>` for functions and
/// initializers, `P<type>` for stored property keys, `S<type>` for a superclass, `K<name>`
/// for a named key, and `""` for everything taken from dependencies and the module's name.
/// `KeyResolver` records each identifier it looks up, found or not (a lookup that found
/// nothing depends on nothing being declared); `KeyResolutionInputs.digest(of:)` hashes
/// the declarations of one identifier, in file order (later typealiases and superclasses
/// win, earlier property keys do). A file whose recorded identifiers all have their
/// recorded digests resolves every key as it did.
final class KeyResolutionReads {
  private(set) var identifiers: Set<String> = [""]

  func record(_ identifier: String) { identifiers.insert(identifier) }

  /// A type name as looked up (`Payments.Config`, no generic arguments).
  func recordType(_ name: String) { record("T" + Self.lastComponent(name)) }

  func recordFunction(owner: String, name: String) { record("F" + owner + "\u{0}" + name) }

  static func lastComponent(_ name: String) -> String {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
    return String(name[name.utf8.index(after: dot)...])
  }
}

extension ContentHash {
  /// A key as written: a value's key by its fields (`ValueKey.description`).
  mutating func add(_ key: WrittenKey) { add(key.spelling) }

  /// The same hash as `add(String(number))`, without making the string.
  mutating func add(decimal number: Int) {
    guard number >= 0 else { return add(String(number)) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      var rest = number
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      add(bytes: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: digits[start...])))
    }
  }
}

/// The digest of every identifier's declarations in one configuration of the module, and
/// which files declare it: a re-check resolves the few files whose records do not hold by
/// reading only those files' declarations (`IndexedKeyDeclarations`), not by indexing the
/// whole module again in a `KeyResolver` of its own.
struct KeyResolutionInputs: Sendable {
  /// An identifier's digest and the first and last of its `declaring` links (-1: none).
  private struct Entry {
    var hash = ContentHash()
    var first: Int32 = -1
    var last: Int32 = -1
  }

  private var hashes: [String: Entry] = [:]
  /// The files declaring each identifier, in file order: one list of links for all of
  /// them, so the index costs one array, not one per identifier.
  private var declaring: [(file: Int32, next: Int32)] = []

  /// - Parameter files: the module's summaries before `FileAnalyzer.simulate` (only their
  ///   declarations are read: types, typealiases, functions' names, return types and
  ///   parameters, named keys' names; none of what `ProvidedByLibrary` sets on them).
  init(moduleName: String, files: [FileSummary], dependencies: [ModuleInterface], testable: Set<String>) {
    // Room for every identifier at once: growing the table rehashed every identifier seen
    // so far (~40 % of this pass at 5,000 files, ~100,000 identifiers).
    let declarations = files.reduce(1) { count, file in
      count + file.declarations.types.count * 3 + file.declarations.typeAliases.count
        + file.declarations.functions.count + file.declarations.namedKeys.count
    }
    hashes.reserveCapacity(declarations)
    declaring.reserveCapacity(declarations)
    var global = ContentHash()
    global.add(moduleName)
    for name in testable.sorted() { global.add(name) }
    for interface in dependencies {
      global.add(interface.module)
      for key in interface.namedKeys { global.add(key.name) }
      for function in interface.valueFunctions ?? [] {
        for text in [function.type ?? "", function.name, function.access, function.returns] { global.add(text) }
        for parameter in function.parameters { Self.add(parameter.info, to: &global) }
      }
      for property in interface.properties ?? [] {
        for text in [property.type, property.name, property.access, property.valueType] { global.add(text) }
      }
    }
    hashes[""] = Entry(hash: global)
    // Declarations are read in place, through buffers: a `for` over the arrays copied each
    // summary and declaration (a retain per field) for the few fields read here.
    files.withUnsafeBufferPointer { files in
      for file in files.indices {
        add(files[file].declarations, of: Int32(file), path: files[file].path)
      }
    }
  }

  /// The identifiers one file declares, in the order of its declarations.
  private mutating func add(_ declarations: FileDeclarations, of file: Int32, path: String) {
    declarations.types.withUnsafeBufferPointer { types in
      for type in types.indices {
        update("T" + KeyResolutionReads.lastComponent(types[type].name), file) { hash in
          hash.add("type")
          hash.add(types[type].name)
          if types[type].isFilePrivate { hash.add(path) }
          // `Box(value: 1)` has no key of its own once `Box` is generic (`KeyResolver`).
          if !types[type].genericParameters.isEmpty { hash.add("generic") }
          // A protocol written bare is `any P` (`KeyResolver`).
          if types[type].isProtocol { hash.add("protocol") }
        }
        if !types[type].propertyKeys.isEmpty {
          update("P" + types[type].name, file) { hash in
            for (name, key) in types[type].propertyKeys {
              hash.add(name)
              hash.add(key)
            }
          }
        }
        if let superclass = types[type].superclass { update("S" + types[type].name, file) { $0.add(superclass) } }
      }
    }
    for (name, target) in declarations.typeAliases {
      update("T" + KeyResolutionReads.lastComponent(name), file) { hash in
        hash.add("alias")
        hash.add(name)
        hash.add(target)
      }
    }
    declarations.functions.withUnsafeBufferPointer { functions in
      for function in functions.indices {
        update("F" + (functions[function].typeName ?? "") + "\u{0}" + functions[function].baseName, file) { hash in
          hash.add(functions[function].returnType ?? "\u{0}")
          hash.add(functions[function].isFailable ? "?" : "!")
          functions[function].parameters.withUnsafeBufferPointer { parameters in
            for parameter in parameters.indices { Self.add(parameters[parameter], to: &hash) }
          }
        }
      }
    }
    for key in declarations.namedKeys { update("K" + key.name, file) { $0.add("") } }
  }

  /// The digest of `identifier`'s declarations; the same for every identifier nothing declares.
  func digest(of identifier: String) -> ContentHash { hashes[identifier]?.hash ?? ContentHash() }

  /// The indices of the files declaring `identifier`, in file order.
  func files(declaring identifier: String) -> [Int] {
    var files: [Int] = []
    var link = hashes[identifier]?.first ?? -1
    while link >= 0 {
      files.append(Int(declaring[Int(link)].file))
      link = declaring[Int(link)].next
    }
    return files
  }

  /// Every identifier some file (or the dependencies) declares (for the tests).
  var identifiers: [String] { Array(hashes.keys) }

  /// Whether any file declares `identifier`.
  func isDeclared(_ identifier: String) -> Bool { (hashes[identifier]?.first ?? -1) >= 0 }

  @inline(__always)
  private mutating func update(_ identifier: String, _ file: Int32, _ body: (inout ContentHash) -> Void) {
    Self.update(&hashes[identifier, default: Entry()], file, &declaring, body)
  }

  /// One dictionary access per declaration (this runs for every declaration on each run).
  @inline(__always)
  private static func update(
    _ entry: inout Entry, _ file: Int32, _ declaring: inout [(file: Int32, next: Int32)],
    _ body: (inout ContentHash) -> Void
  ) {
    body(&entry.hash)
    let link = Int32(declaring.count)
    if entry.last >= 0 {
      if declaring[Int(entry.last)].file == file { return }
      declaring[Int(entry.last)].next = link
    } else {
      entry.first = link
    }
    entry.last = link
    declaring.append((file, -1))
  }

  /// Every field `ArgumentMatcher` reads: the label, then the flags as a decimal number
  /// (written without a `String`: this runs for every parameter of the module).
  private static func add(_ parameter: ParameterInfo, to hash: inout ContentHash) {
    hash.add(parameter.label ?? "\u{0}")
    var flags = parameter.scopeClosurePosition << 6
    for (bit, set) in [
      parameter.isScope, parameter.hasDefault, parameter.isClosure, parameter.isEscaping,
      parameter.takesScopeClosure, parameter.isVariadic,
    ].enumerated() where set {
      flags |= 1 << bit
    }
    hash.add(decimal: flags)
  }
}
#endif
