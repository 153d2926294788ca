import ImplicitsCSupport

/// How a value is held in the one-word payload the C core stores.
///
/// The representation depends only on the value's type, so the code that declares a value
/// and the code that reads it always agree, specialised or not:
/// - trivial values of at most one word are stored as their bits;
/// - class references are stored as the (+1) object pointer;
/// - everything else lives in a `_Box`, whose (+1) pointer is stored.
@usableFromInline
enum _Payload {
  /// The payload is a +1 reference.
  @usableFromInline static let objectFlag = UInt32(IMS_FLAG_OBJECT)
  /// The payload points to a `_Box`.
  @usableFromInline static let boxedFlag = UInt32(IMS_FLAG_BOXED)
  /// The payload's reference belongs to someone else (a bag the frame holds).
  @usableFromInline static let borrowedFlag = UInt32(IMS_FLAG_BORROWED)
  /// The payload is a lazy declaration's tagged `_LazyCell` (with `objectFlag`); the C core
  /// keeps the read fast path away from it until it is resolved.
  @usableFromInline static let lazyFlag = UInt32(IMS_FLAG_LAZY)

  @inlinable @inline(__always)
  static func isWordSized<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<UInt>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment
  }

  @inlinable @inline(__always)
  static func isTrivialWord<Value>(_: Value.Type) -> Bool {
    _isPOD(Value.self) && isWordSized(Value.self)
  }

  @inlinable @inline(__always)
  static func isObject<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size == MemoryLayout<UInt>.size && (Value.self is AnyObject.Type)
  }

  /// Encodes `value` as a +1 payload and its flags.
  @inlinable @inline(__always)
  static func encode<Value>(_ value: Value) -> (payload: UInt, flags: UInt32) {
    if isTrivialWord(Value.self) || isObject(Value.self) {
      var word: UInt = 0
      _ = withUnsafeMutablePointer(to: &word) {
        UnsafeMutableRawPointer($0).initializeMemory(as: Value.self, repeating: value, count: 1)
      }
      return (word, isTrivialWord(Value.self) ? 0 : objectFlag)
    }
    let box = Unmanaged.passRetained(_Box(value))
    return (UInt(bitPattern: box.toOpaque()), objectFlag | boxedFlag)
  }

  /// Returns a copy of the value a payload holds (the payload keeps its own reference).
  @inlinable @inline(__always)
  static func decode<Value>(_ payload: UInt, as _: Value.Type) -> Value {
    if isTrivialWord(Value.self) || isObject(Value.self) {
      return withUnsafePointer(to: payload) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    return Unmanaged<_Box<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: payload)!)
      .takeUnretainedValue().value
  }

  /// Decodes a payload whose type is known only at run time (dumps, bags), from its key:
  /// the stored type is the key's `Value` for a key type, the key type itself for a type
  /// key. (Records do not keep the type: the key already says it.)
  static func decodeAny(_ payload: UInt, flags: UInt32, key: UnsafeRawPointer) -> Any {
    if flags & lazyFlag != 0 {
      // A dump must not run the initializer.
      guard let (forced, forcedFlags) = _Lazy.cell(payload)._withUnsafeGuaranteedRef({ $0.forcedPayload })
      else { return _LazyPlaceholder() }
      return decodeAny(forced, flags: forcedFlags, key: key)
    }
    func open<Value>(_: Value.Type) -> Any {
      if flags & boxedFlag != 0 {
        return Unmanaged<_Box<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: payload)!)
          .takeUnretainedValue().value
      }
      return withUnsafePointer(to: payload) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    return open(valueType(ofKey: key))
  }

  /// The type of the values stored under `key`.
  static func valueType(ofKey key: UnsafeRawPointer) -> Any.Type {
    func value<Key: ImplicitKeyType>(_: Key.Type) -> Any.Type { Key.Value.self }
    let type = unsafeBitCast(key, to: Any.Type.self)
    if let keyType = type as? any ImplicitKeyType.Type { return value(keyType) }
    return type
  }

  /// Gives up the payload's reference, if it owns one.
  @inlinable @inline(__always)
  static func release(_ payload: UInt, flags: UInt32) {
    if flags & (objectFlag | borrowedFlag) == objectFlag,
      let pointer = UnsafeRawPointer(bitPattern: _Lazy.address(payload))
    {
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }

  /// Takes another reference for a second owner of the payload (a bag, a task map).
  @inlinable @inline(__always)
  static func retain(_ payload: UInt, flags: UInt32) {
    if flags & objectFlag != 0, let pointer = UnsafeRawPointer(bitPattern: _Lazy.address(payload)) {
      _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
    }
  }

  @inlinable @inline(__always)
  static func typeIdentity<T>(_: T.Type) -> UnsafeRawPointer {
    unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self)
  }
}

/// Heap storage for values that do not fit a payload word.
@usableFromInline
final class _Box<Value> {
  @usableFromInline let value: Value
  @inlinable init(_ value: Value) { self.value = value }
}
