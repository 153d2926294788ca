import ImplicitsCSupport

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The value of a lazy declaration: its initializer until the first read, then the
/// encoded payload every reader decodes. Owned by the declaring record (released by
/// `end()`) and by bags that captured it.
@usableFromInline
final class _LazyCell: @unchecked Sendable {
  /// Evaluates the initializer and encodes its value as the declared value type.
  private var evaluate: (() -> (payload: UInt, flags: UInt32))?
  private var payload: UInt = 0
  private var flags: UInt32 = 0
  private let key: UnsafeRawPointer
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(key: UnsafeRawPointer, evaluate: @escaping () -> (payload: UInt, flags: UInt32)) {
    self.key = key
    self.evaluate = evaluate
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    // An initializer that reads its own key would deadlock; error checking reports it.
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    _Payload.release(payload, flags: flags)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The value's payload, evaluating the initializer on the first call. Exactly once:
  /// concurrent first readers wait for the one that runs it.
  func force() -> UInt {
    if pthread_mutex_lock(mutex) == EDEADLK {
      let name = _KeyNames.name(of: key)
      _Diagnostics.fail(
        "the initializer of the lazy implicit '\(name)' reads '\(name)' itself, which has no value until the initializer returns")
    }
    defer { pthread_mutex_unlock(mutex) }
    if let evaluate {
      (payload, flags) = evaluate()
      // The initializer and what it captured are released once it has run.
      self.evaluate = nil
    }
    return payload
  }

  /// The payload and flags once evaluated, nil before (dumps must not evaluate).
  var forcedPayload: (UInt, UInt32)? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return evaluate == nil ? (payload, flags) : nil
  }
}

/// What a dump shows for a lazy declaration that has not been read yet.
struct _LazyPlaceholder: CustomStringConvertible {
  var description: String { "<lazy, not evaluated yet>" }
}

/// Lazy declarations store their cell's address tagged with `tag` as the payload, so a read
/// off the thread's fast path (a task's, a bag's) recognises one with a shift and a
/// compare. On the thread path the C core knows the flag: a lazy binding's slot is gated,
/// so its first read misses, resolves it here and caches the value in the slot.
@usableFromInline
enum _Lazy {
  /// The top 16 bits of a lazy payload. No object address has them (user-space addresses
  /// are below 2^48); a word-sized value that happens to is checked against the binding's
  /// flags and read as itself.
  @usableFromInline static let tag: UInt = 0x7FF5 << 48
  @usableFromInline static let addressMask: UInt = (1 << 48) - 1
  /// The tag bits and the lowest bit: a cell's address is even, while tagged Objective-C
  /// pointers have their lowest bit (x86_64) or their highest (arm64) set.
  @usableFromInline static let tagCheckMask: UInt = ~addressMask | 1

  /// Whether `payload` may be a lazy declaration's.
  @inlinable @inline(__always)
  static func mayBeLazy(_ payload: UInt) -> Bool {
    UInt16(truncatingIfNeeded: payload &>> 48) == 0x7FF5
  }

  /// The object address an object payload refers to: untagged for a lazy cell.
  @inlinable @inline(__always)
  static func address(_ payload: UInt) -> UInt {
    payload & tagCheckMask == tag ? payload & addressMask : payload
  }

  /// Declares a lazy value of type `Value` under `key`: the payload is the +1 tagged cell.
  @usableFromInline
  static func declare<Value>(
    _ initializer: @escaping () -> Value, key: UnsafeRawPointer, file: StaticString, line: UInt
  ) {
    let cell = _LazyCell(key: key) { _Payload.encode(initializer()) }
    let address = UInt(bitPattern: Unmanaged.passRetained(cell).toOpaque())
    guard address & ~addressMask == 0 else {
      _Diagnostics.fail("a heap address above 2^48 (\(address)); lazy implicits cannot tag it")
    }
    let flags = _Payload.objectFlag | _Payload.lazyFlag
    let declared = _Runtime.declareFast(
      key, payload: address | tag, flags: flags, file: file._cString,
      line: UInt32(truncatingIfNeeded: line))
    if !declared {
      _Runtime.declareFailed(
        payload: address | tag, flags: flags, keyName: _KeyNames.name(of: key), file: file, line: line)
    }
  }

  /// The cell of a tagged payload, unretained.
  static func cell(_ payload: UInt) -> Unmanaged<_LazyCell> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: payload & addressMask)!)
  }

  /// The payload to decode for a read of `key` that found `payload`: the forced value's
  /// if the visible binding is a lazy declaration, else `payload` itself (a word value
  /// that only looks tagged).
  @usableFromInline @inline(never)
  static func resolve(_ payload: UInt, key: UnsafeRawPointer) -> UInt {
    guard payload & tagCheckMask == tag, let binding = _Runtime.binding(for: key),
      binding.flags & _Payload.lazyFlag != 0, binding.payload == payload
    else { return payload }
    let forced = cell(payload)._withUnsafeGuaranteedRef { $0.force() }
    // Later reads on this thread hit the forced value directly (when the thread's visible
    // binding is this declaration).
    ims_resolve_lazy(ims_thread_current(), key, payload, forced)
    return forced
  }
}
