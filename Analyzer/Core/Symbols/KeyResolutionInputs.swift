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
///
/// Made from each file's share (`Part`), which the summary cache keeps with the file's
/// summary: a re-check folds 5,000 files' shares instead of hashing every declaration of
/// the module again and building its identifiers' strings (218 M instructions at 5,000
/// files). An identifier's digest hashes the digests of its files' shares, in file order;
/// identifiers are kept by their hashes (`key(of:)`), not their strings.
struct KeyResolutionInputs: Sendable {
  /// An identifier's digest and the first and last of its `declaring` links (-1: none).
  private struct Entry {
    var key: ContentHash
    var hash = ContentHash()
    var first: Int32 = -1
    var last: Int32 = -1
  }

  /// One file's share: each identifier it declares, with the digest of its declarations of
  /// it in their order (types, typealiases, functions, named keys). Four words an
  /// identifier: its key's and its digest's.
  struct Part: Sendable, CacheCodable {
    fileprivate var words: [UInt64]

    init(_ declarations: FileDeclarations, path: String) {
      let declared = KeyResolutionInputs.declared(by: declarations, path: path)
      words = []
      words.reserveCapacity(declared.count * 4)
      for (identifier, digest) in declared {
        let key = KeyResolutionInputs.key(of: identifier).words
        words.append(key.0)
        words.append(key.1)
        words.append(digest.words.0)
        words.append(digest.words.1)
      }
    }

    var count: Int { words.count / 4 }

    func encode(to writer: inout CacheWriter) { writer.write(words: words) }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
      words = try reader.readWords()
      guard words.count % 4 == 0 else { throw CacheReader.Malformed() }
    }
  }

  /// Open addressing over `entries` (-1: empty), a power of two at most half full.
  private var table: [Int32]
  private var entries: [Entry] = []
  /// The files declaring each identifier, in file order: one list of links for all of
  /// them, so the index costs one array, not one per identifier.
  private var declaring: [(file: Int32, next: Int32)] = []

  /// - Parameter files: the module's summaries before `FileAnalyzer.simulate` (only their
  ///   declarations are read: types, typealiases, functions' names, return types and
  ///   parameters, named keys' names; none of what `ProvidedByLibrary` sets on them).
  /// - Parameter parts: each file's share as the cache kept it (`nil`, or none: made here).
  init(
    moduleName: String, files: [FileSummary], parts: [Part?] = [], dependencies: [ModuleInterface], testable: Set<String>
  ) {
    // Declarations are read in place, through buffers: a `for` over the arrays copied each
    // summary and declaration (a retain per field) for the few fields read here.
    let parts = files.withUnsafeBufferPointer { files in
      files.indices.map { file in
        (file < parts.count ? parts[file] : nil) ?? Part(files[file].declarations, path: files[file].path)
      }
    }
    let count = parts.reduce(1) { $0 + $1.count }
    var size = 16
    while size < count * 2 { size <<= 1 }
    table = Array(repeating: -1, count: size)
    entries.reserveCapacity(count)
    declaring.reserveCapacity(count)
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
    entries.append(Entry(key: Self.key(of: ""), hash: global))
    table[slot(of: entries[0].key)] = 0
    for file in parts.indices {
      parts[file].words.withUnsafeBufferPointer { words in
        for start in stride(from: 0, to: words.count, by: 4) {
          add(
            ContentHash(words: (words[start], words[start + 1])), ContentHash(words: (words[start + 2], words[start + 3])),
            file: Int32(file))
        }
      }
    }
  }

  /// File `file`'s share of an identifier: folded into its digest, the file linked.
  private mutating func add(_ key: ContentHash, _ digest: ContentHash, file: Int32) {
    let slot = slot(of: key)
    var index = Int(table[slot])
    if index < 0 {
      index = entries.count
      table[slot] = Int32(index)
      entries.append(Entry(key: key))
    }
    entries[index].hash.add(digest)
    let link = Int32(declaring.count)
    if entries[index].last >= 0 {
      declaring[Int(entries[index].last)].next = link
    } else {
      entries[index].first = link
    }
    entries[index].last = link
    declaring.append((file, -1))
  }

  /// Where `key` is in `table`, or the empty slot where it goes.
  private func slot(of key: ContentHash) -> Int {
    let mask = table.count - 1
    let words = key.words
    var slot = Int(truncatingIfNeeded: ((words.0 ^ words.1) &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
    while true {
      let index = Int(table[slot])
      if index < 0 || entries[index].key == key { return slot }
      slot = (slot + 1) & mask
    }
  }

  private func entry(_ identifier: String) -> Entry? {
    let index = Int(table[slot(of: Self.key(of: identifier))])
    return index < 0 ? nil : entries[index]
  }

  /// The hash an identifier is kept by.
  static func key(of identifier: String) -> ContentHash {
    var key = ContentHash()
    key.add(identifier)
    return key
  }

  /// The identifiers one file declares, in the order first declared, each with the digest
  /// of the file's declarations of it, in their order.
  static func declared(by declarations: FileDeclarations, path: String) -> [(identifier: String, digest: ContentHash)] {
    var declared: [(identifier: String, digest: ContentHash)] = []
    var positions: [String: Int] = [:]
    func update(_ identifier: String, _ body: (inout ContentHash) -> Void) {
      let position = positions[identifier] ?? declared.count
      if position == declared.count {
        positions[identifier] = position
        declared.append((identifier, ContentHash()))
      }
      body(&declared[position].digest)
    }
    declarations.types.withUnsafeBufferPointer { types in
      for type in types.indices {
        update("T" + KeyResolutionReads.lastComponent(types[type].name)) { hash in
          hash.add("type")
          hash.add(types[type].name)
          if types[type].isFilePrivate { hash.add(path) }
          // `Box(value: 1)` has no key of its own once `Box` is generic (`KeyResolver`).
          if !types[type].genericParameters.isEmpty { hash.add("generic") }
          // A protocol written bare is `any P` (`KeyResolver`).
          if types[type].isProtocol { hash.add("protocol") }
        }
        if !types[type].propertyKeys.isEmpty {
          update("P" + types[type].name) { hash in
            for (name, key) in types[type].propertyKeys {
              hash.add(name)
              hash.add(key)
            }
          }
        }
        if let superclass = types[type].superclass { update("S" + types[type].name) { $0.add(superclass) } }
      }
    }
    for (name, target) in declarations.typeAliases {
      update("T" + KeyResolutionReads.lastComponent(name)) { hash in
        hash.add("alias")
        hash.add(name)
        hash.add(target)
      }
    }
    declarations.functions.withUnsafeBufferPointer { functions in
      for function in functions.indices {
        update("F" + (functions[function].typeName ?? "") + "\u{0}" + functions[function].baseName) { hash in
          hash.add(functions[function].returnType ?? "\u{0}")
          hash.add(functions[function].isFailable ? "?" : "!")
          functions[function].parameters.withUnsafeBufferPointer { parameters in
            for parameter in parameters.indices { Self.add(parameters[parameter], to: &hash) }
          }
        }
      }
    }
    for key in declarations.namedKeys { update("K" + key.name) { $0.add("") } }
    return declared
  }

  /// The digest of `identifier`'s declarations; the same for every identifier nothing declares.
  func digest(of identifier: String) -> ContentHash { entry(identifier)?.hash ?? ContentHash() }

  /// The indices of the files declaring `identifier`, in file order.
  func files(declaring identifier: String) -> [Int] {
    var files: [Int] = []
    var link = entry(identifier)?.first ?? -1
    while link >= 0 {
      files.append(Int(declaring[Int(link)].file))
      link = declaring[Int(link)].next
    }
    return files
  }

  /// Whether any file declares `identifier`.
  func isDeclared(_ identifier: String) -> Bool { (entry(identifier)?.first ?? -1) >= 0 }

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
