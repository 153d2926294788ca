/// Declares or reads an implicit value.
///
/// Declare (the value becomes visible to everything called inside the current scope):
/// ```swift
/// @Implicit var wallet = Wallet(balance: 500)   // type key: Wallet
/// @Implicit(\.discount) var discount = 0.1      // named key
/// ```
/// Read (stops with a message naming the key when no enclosing scope declared it):
/// ```swift
/// @Implicit var wallet: Wallet
/// @Implicit() var wallet: Wallet
/// @Implicit(\.discount) var discount: Double
/// ```
/// As a stored property of a type with an `init(_ scope: ImplicitScope)`, a read captures
/// the value when the instance is initialised.
///
/// Assigning to a declared or read implicit re-declares it in the innermost scope.
///
/// `Implicit` is generic over the value, not the key, so `@Implicit var x: T` infers the
/// key from the declared type.
@propertyWrapper
public struct Implicit<Value> {
  /// The value; nil only for a lazy declaration, whose value lives in the runtime.
  @usableFromInline var _value: Value?
  @usableFromInline let _key: UnsafeRawPointer

  /// The value; setting it re-declares the key in the innermost scope.
  @inlinable
  public var wrappedValue: Value {
    // A borrow, not a copy: using a read implicit costs no retain/release of its own.
    _read {
      // One yield, so the accessor inlines.
      yield _value ?? _readLazy()
    }
    set {
      // The assignment's own site is not known here; dumps show no location for it.
      _Runtime.declare(newValue, key: _key, keyName: _KeyNames.name(of: _key), file: "", line: 0)
      _value = newValue
    }
    // Spelled out as the read, then the set: the modify the compiler derives from `_read`
    // stops Swift 6.3.1 at -O ("Found ownership error", CopyPropagation) for a stored
    // `@Implicit var x: SomeClass` of a class.
    _modify {
      var value = _value ?? _readLazy()
      yield &value
      _Runtime.declare(value, key: _key, keyName: _KeyNames.name(of: _key), file: "", line: 0)
      _value = value
    }
  }

  /// The value of a wrapper made by a lazy declaration: read (and so evaluated) where the
  /// declaring scope is visible.
  @usableFromInline @inline(never)
  func _readLazy() -> Value {
    _Runtime.read(_key, as: Value.self, keyName: _KeyNames.name(of: _key), file: #fileID, line: #line)
  }

  /// The value (same as ``wrappedValue``).
  @inlinable
  public var value: Value {
    get { wrappedValue }
    set { wrappedValue = newValue }
  }

  // MARK: Declarations

  /// Declares `wrappedValue` under its type: `@Implicit var wallet = Wallet()`.
  @inlinable @inline(__always)
  public init(wrappedValue: Value, file: StaticString = #fileID, line: UInt = #line) {
    self.init(_declaring: wrappedValue, key: _Payload.typeIdentity(Value.self), file: file, line: line)
  }

  /// Declares `wrappedValue` under the type key of `type`: `@Implicit(Logger.self) var l = ConsoleLogger()`.
  @inlinable @inline(__always)
  public init(wrappedValue: Value, _ type: Value.Type, file: StaticString = #fileID, line: UInt = #line) {
    self.init(wrappedValue: wrappedValue, file: file, line: line)
  }

  /// Declares `wrappedValue` under a named key: `@Implicit(\.darkMode) var darkMode = true`.
  @inlinable @inline(__always)
  public init<Key: ImplicitKeyType>(
    wrappedValue: Value, _ key: KeySpecifier<Key>, file: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.init(_declaring: wrappedValue, key: Key._rawIdentity, file: file, line: line)
  }

  /// Declares `wrappedValue` under the key type `key`: `@Implicit(DarkModeKey.self) var d = true`.
  @inlinable @inline(__always)
  public init<Key: ImplicitKeyType>(
    wrappedValue: Value, _ key: Key.Type, file: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.init(_declaring: wrappedValue, key: Key._rawIdentity, file: file, line: line)
  }

  @inlinable @inline(__always)
  init(_declaring value: Value, key: UnsafeRawPointer, file: StaticString, line: UInt) {
    _key = key
    _Runtime.declare(value, key: key, keyName: _KeyNames.name(of: key), file: file, line: line)
    // The last use moves the value in: a wrapper nobody reads then costs no copy.
    _value = value
  }

  // MARK: Reads

  /// Reads the value stored under its type: `@Implicit var wallet: Wallet`.
  @inlinable @inline(__always)
  public init(file: StaticString = #fileID, line: UInt = #line) {
    self.init(_reading: _Payload.typeIdentity(Value.self), file: file, line: line)
  }

  /// Reads the value stored under the type key of `type`: `@Implicit(Wallet.self) var wallet`.
  @inlinable @inline(__always)
  public init(_ type: Value.Type, file: StaticString = #fileID, line: UInt = #line) {
    self.init(file: file, line: line)
  }

  /// Reads the value stored under a named key: `@Implicit(\.darkMode) var darkMode`.
  @inlinable @inline(__always)
  public init<Key: ImplicitKeyType>(
    _ key: KeySpecifier<Key>, file: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.init(_reading: Key._rawIdentity, file: file, line: line)
  }

  /// Reads the value stored under the key type `key`: `@Implicit(DarkModeKey.self) var d`.
  @inlinable @inline(__always)
  public init<Key: ImplicitKeyType>(
    _ key: Key.Type, file: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.init(_reading: Key._rawIdentity, file: file, line: line)
  }

  @inlinable @inline(__always)
  init(_reading key: UnsafeRawPointer, file: StaticString, line: UInt) {
    _key = key
    _value = _Runtime.read(key, as: Value.self, keyName: _KeyNames.name(of: key), file: file, line: line)
  }
}

extension Implicit: @unchecked Sendable where Value: Sendable {}
