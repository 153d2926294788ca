/// A type that provides its own value when a read of its type key finds no declaration.
///
/// ```swift
/// extension API: DefaultImplicit {
///   static var defaultImplicit: API { LiveAPI() }
/// }
///
/// @Implicit var api: API   // the declared API if a scope declared one, else `LiveAPI()`
/// ```
/// The property is evaluated once, by the first read anywhere that finds no declaration;
/// every later such read, on any thread or task, gets that same value (like a `static let`,
/// so make it safe to share).
/// A declaration shadows the default, and ending its scope makes the default visible again.
/// Only the type key of `Self` uses it: a named key of the same type has its own default.
public protocol DefaultImplicit {
  /// The value a read of the type key of `Self` returns when no scope declared one.
  static var defaultImplicit: Self { get }
}

/// A hand-written key type with a default:
/// ```swift
/// enum RetriesKey: DefaultImplicitKey {
///   typealias Value = Int
///   static var defaultValue: Int { 3 }
/// }
/// extension ImplicitsKeys {
///   var retries: RetriesKey.Type { RetriesKey.self }
/// }
/// ```
/// Named keys declared as `static let retries = Key<Int>(default: 3)` get the same from
/// the generated accessor (analysis plugin or `@NamedImplicitKey`).
public protocol DefaultImplicitKey: ImplicitKeyType {
  /// The value a read of this key returns when no scope declared one.
  static var defaultValue: Value { get }
}

/// The generated tag of a named key declared with a default: it forwards to the key's
/// declaration, `static var _implicitsDefault: Any? { ImplicitsKeys.retries._defaultValue }`,
/// so the default is written (and evaluated) in one place.
public protocol _ImplicitsDefaultTag {
  static var _implicitsDefault: Any? { get }
}

/// A key type that may have a default; answers for its own identity.
protocol _ImplicitDefaultSource {
  static var _implicitsDefault: Any? { get }
}

extension ImplicitKey: _ImplicitDefaultSource {
  static var _implicitsDefault: Any? {
    (Tag.self as? any _ImplicitsDefaultTag.Type)?._implicitsDefault
  }
}

/// Default values, evaluated once per key by the first read that finds no declaration and
/// kept for the life of the process (like a `static let`).
///
/// A default is handed to readers as a payload, like a declared value, so the inlined read
/// stays `lookup → decode` with the default lookup on its miss branch only: the hit path of
/// every key costs what it cost before defaults existed.
@usableFromInline
enum _Defaults {
  private static let mutex = _PlatformMutex()
  /// Encoded defaults by key identity. Payloads are never released.
  nonisolated(unsafe) private static var payloads: [UnsafeRawPointer: UInt] = [:]

  /// The payload of the default of `key` (values of type `Value`), nil if it has none.
  @usableFromInline @inline(never)
  static func payload<Value>(for key: UnsafeRawPointer, as _: Value.Type) -> UInt? {
    if let cached = mutex.withLock({ payloads[key] }) { return cached }
    // Evaluated outside the lock: a default may read other implicits (and their defaults).
    guard let value = value(of: key) else { return nil }
    guard let typed = value as? Value else {
      _Diagnostics.defaultOfWrongType(_KeyNames.name(of: key), found: type(of: value), expected: Value.self)
    }
    let (encoded, flags) = _Payload.encode(typed)
    return mutex.withLock {
      if let winner = payloads[key] {
        // Another thread evaluated it first; every reader must see the same value.
        _Payload.release(encoded, flags: flags)
        return winner
      }
      payloads[key] = encoded
      return encoded
    }
  }

  /// The default value of the key with identity `key`, evaluated, if it has one.
  static func value(of key: UnsafeRawPointer) -> Any? {
    let type = unsafeBitCast(key, to: Any.Type.self)
    if let named = type as? any _ImplicitDefaultSource.Type { return named._implicitsDefault }
    if let handWritten = type as? any DefaultImplicitKey.Type { return handWritten.defaultValue }
    if let typed = type as? any DefaultImplicit.Type { return typed.defaultImplicit }
    return nil
  }
}
