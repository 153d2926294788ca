/// The identity of a key: hashable, cheap to copy, and printable as the key's source name.
public struct ImplicitKeyIdentifier: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let _bits: UInt

  @inlinable
  init(_ raw: UnsafeRawPointer) { _bits = UInt(bitPattern: raw) }

  @inlinable
  var _raw: UnsafeRawPointer { UnsafeRawPointer(bitPattern: _bits)! }

  /// The identifier of the type key of `type`.
  @inlinable
  public init<T>(type: T.Type) { self.init(_Payload.typeIdentity(T.self)) }

  /// The identifier of a named key, e.g. `ImplicitKeyIdentifier(\.darkMode)`.
  @inlinable
  public init<K: ImplicitKeyType>(_ key: KeySpecifier<K>) { self.init(K._rawIdentity) }

  /// The key as written in source: `MyApp.NetworkService`, `any MyApp.Clock` or `darkMode`
  /// (a hand-written key type by its type name: its key path is not known at run time).
  public var description: String { _KeyNames.name(of: _raw) }
}

/// A named key that can say its own name (``ImplicitKey`` derives it from its tag).
public protocol _ImplicitKeyNaming {
  static var _implicitsKeyName: String { get }
}

extension ImplicitKey: _ImplicitKeyNaming {
  /// A named key of `ImplicitsKeys` (its generated tag is spelled `_<name>_Tag`) is named
  /// by its name; any other `ImplicitKey<Value, Tag>` by its tag, module-qualified, as
  /// yandex/implicits names it (`String(reflecting: Tag.self)`, e.g. `App.IDTag`).
  public static var _implicitsKeyName: String {
    let tag = String(describing: Tag.self)
    if tag.hasPrefix("_"), tag.hasSuffix("_Tag"), tag.count > 5 {
      return String(tag.dropFirst().dropLast(4))
    }
    return String(reflecting: Tag.self)
  }
}

@usableFromInline
enum _KeyNames {
  /// The source name of a key identity: named keys by name, type keys by full type name.
  @usableFromInline
  static func name(of key: UnsafeRawPointer) -> String {
    let type = unsafeBitCast(key, to: Any.Type.self)
    if let named = type as? any _ImplicitKeyNaming.Type { return named._implicitsKeyName }
    if type is any ImplicitKeyType.Type { return String(describing: type) }
    return typeName(type)
  }

  /// A type key's name as it is written: Swift's reflected name leaves out the `any` of an
  /// existential (`MyApp.Clock` for `any MyApp.Clock`, `MyApp.P & MyApp.Q` for
  /// `any MyApp.P & MyApp.Q`), also as an optional's wrapped type.
  static func typeName(_ type: Any.Type) -> String {
    if let optional = type as? any _OptionalKeyType.Type, isExistential(optional._wrappedKeyType) {
      return "Swift.Optional<\(typeName(optional._wrappedKeyType))>"
    }
    let name = String(reflecting: type)
    // `Any` and `AnyObject` are existentials spelled without `any`; a parameterized
    // protocol's (extended) existential is already printed with it.
    guard isExistential(type), name != "Any", name != "Swift.AnyObject", !name.hasPrefix("any ") else {
      return name
    }
    return "any \(name)"
  }

  /// Whether a type is a protocol's existential (`any P`, `any P & Q`), whose reflected
  /// name does not say so. Its metadata's first word is the kind (Swift ABI: 0x303
  /// existential, 0x307 extended existential; a class's is 0 or a pointer).
  static func isExistential(_ type: Any.Type) -> Bool {
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    return kind == 0x303 || kind == 0x307
  }
}

/// An optional type key, to name its wrapped type.
protocol _OptionalKeyType {
  static var _wrappedKeyType: Any.Type { get }
}

extension Optional: _OptionalKeyType {
  static var _wrappedKeyType: Any.Type { Wrapped.self }
}
