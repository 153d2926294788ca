/// A key under which an implicit value is stored.
///
/// A key is a type: its identity is the type's metadata, so comparing keys costs one
/// pointer comparison. Type keys use the value type itself (``TypeImplicitKey``); named
/// keys use a tag type (``ImplicitKey`` with a unique `Tag`), usually generated from an
/// `extension ImplicitsKeys { static let name = Key<Value>() }` declaration.
public protocol ImplicitKeyType {
  /// The type of the value stored under this key.
  associatedtype Value

  /// The identity the runtime stores this key under. The default is the key type itself;
  /// ``TypeImplicitKey`` maps to its value type so `TypeImplicitKey<T>` and `T` agree.
  static var _implicitsKeyIdentity: Any.Type { get }
}

extension ImplicitKeyType {
  @inlinable
  public static var _implicitsKeyIdentity: Any.Type { Self.self }
}

/// A key type for values of type `Value`, distinguished by `Tag`.
///
/// `ImplicitKey<Bool, _darkMode_Tag>` is the key behind `\.darkMode`; when `Tag` is
/// `Value` it is the type key of `Value` (see ``TypeImplicitKey``).
public enum ImplicitKey<Value, Tag>: ImplicitKeyType {
  @inlinable
  public static var _implicitsKeyIdentity: Any.Type {
    Tag.self == Value.self ? Value.self : Self.self
  }
}

/// The key of a value stored by its own type: `@Implicit var wallet = Wallet()`.
public typealias TypeImplicitKey<Value> = ImplicitKey<Value, Value>

/// Namespace for named keys.
///
/// Declare a named key as a static property and refer to it by key path:
/// ```swift
/// extension ImplicitsKeys {
///   static let darkMode = Key<Bool>()
/// }
/// @Implicit(\.darkMode) var darkMode = true
/// ```
/// The key path needs an instance accessor returning a unique key type. The analysis
/// plugin and the named-key macro generate it; by hand it reads:
/// ```swift
/// extension ImplicitsKeys {
///   var darkMode: DarkModeKey.Type { DarkModeKey.self }
/// }
/// enum DarkModeKey: ImplicitKeyType { typealias Value = Bool }
/// ```
public enum ImplicitsKeys {
  /// Marks a named key whose value has type `Value`.
  public struct Key<Value>: Sendable {
    @usableFromInline let _makeDefault: (@Sendable () -> Value)?

    /// Creates the marker of a key without a default: reading it where no scope declared
    /// it stops the program (the analysis plugin reports such reads at build time).
    /// The key itself is the accessor generated next to it.
    public init() { _makeDefault = nil }

    /// Creates the marker of a key with a default: a read where no scope declared the key
    /// returns `value`, evaluated once by the first such read and shared by all later ones
    /// (like a `static let`).
    ///
    /// ```swift
    /// extension ImplicitsKeys {
    ///   static let retries = Key<Int>(default: 3)
    /// }
    /// @Implicit(\.retries) var retries: Int   // 3 unless a scope declared it
    /// ```
    public init(default value: @autoclosure @escaping @Sendable () -> Value) {
      _makeDefault = value
    }

    /// The default, evaluated anew; nil when the key has none. Read by the generated tag
    /// (the runtime evaluates it once per process and keeps the value).
    public var _defaultValue: Any? {
      guard let makeDefault = _makeDefault else { return nil }
      return makeDefault() as Any
    }
  }
}

/// A key path into ``ImplicitsKeys`` naming a key, as in `@Implicit(\.darkMode)`.
public typealias KeySpecifier<K> = (ImplicitsKeys) -> K.Type

extension ImplicitKeyType {
  /// The raw identity of this key, as stored by the C core.
  @inlinable @inline(__always)
  static var _rawIdentity: UnsafeRawPointer {
    unsafeBitCast(_implicitsKeyIdentity, to: UnsafeRawPointer.self)
  }
}
