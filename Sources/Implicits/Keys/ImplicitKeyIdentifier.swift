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

  /// The key as written in source: `MyApp.NetworkService` or `darkMode`.
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
    return String(reflecting: type)
  }
}
