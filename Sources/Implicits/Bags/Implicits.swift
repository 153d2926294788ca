import ImplicitsCSupport

/// A bag of implicit values captured from a context, to be restored later — typically in
/// a closure that runs after the capturing scope has ended:
/// ```swift
/// let onTap = { [implicits = #implicits] in
///   let scope = ImplicitScope(with: implicits)
///   defer { scope.end() }
///   checkout(scope)
/// }
/// ```
/// A bag holds strong references to its values; copying it is O(1). Restoring it with
/// ``ImplicitScope/init(with:file:line:)`` makes its values — and only those — visible.
///
/// The bag itself is immutable and safe to send between tasks; the values it carries are
/// what they are (send bags of `Sendable` values across isolation domains).
public struct Implicits: @unchecked Sendable {
  @usableFromInline let _storage: _BagStorage?

  @usableFromInline
  init(_storage: _BagStorage?) { self._storage = _storage }

  /// An empty bag: restoring it hides every value.
  public init() { _storage = nil }

  /// Captures every value visible in the current context (what `#implicits` does when
  /// the analysis plugin is not in use).
  ///
  /// Complexity: O(*n*) in the number of visible values.
  public static func captureAll() -> Implicits {
    Implicits(capturing: _Runtime.visibleBindings())
  }

  init(capturing bindings: [_Binding]) {
    _storage = bindings.isEmpty ? nil : _BagStorage.make(retaining: bindings)
  }

  /// The number of values in the bag.
  public var count: Int { _storage?.header ?? 0 }

  /// The keys in the bag, sorted, as written in source (`MyApp.Wallet`, `darkMode`).
  public var keys: [String] {
    (_storage?.bindings ?? []).map { _KeyNames.name(of: $0.key) }.sorted()
  }
}

/// The immutable storage of a bag: one allocation with the bindings in its tail (the
/// header is their count). Owns one reference to each captured payload.
@usableFromInline
final class _BagStorage: ManagedBuffer<Int, ims_binding> {
  /// Storage for up to `capacity` bindings, filled by `fill`, which returns how many it
  /// wrote; the bindings' payloads must already be retained for the bag.
  static func make(
    capacity: Int, _ fill: (UnsafeMutablePointer<ims_binding>) -> Int
  ) -> _BagStorage {
    let storage = unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: _BagStorage.self)
    storage.withUnsafeMutablePointers { count, bindings in count.pointee = fill(bindings) }
    return storage
  }

  /// Storage holding `bindings`, retaining each payload (and owning it, even where the
  /// context only borrowed it).
  static func make(retaining bindings: [_Binding]) -> _BagStorage {
    make(capacity: bindings.count) { out in
      for (index, binding) in bindings.enumerated() {
        var owned = binding.cBinding
        owned.flags &= ~_Payload.borrowedFlag
        _Payload.retain(owned.payload, flags: owned.flags)
        (out + index).initialize(to: owned)
      }
      return bindings.count
    }
  }

  /// The bindings, copied out (dumps, tests, the task path).
  var bindings: [_Binding] {
    withUnsafeMutablePointers { count, bindings in
      UnsafeBufferPointer(start: bindings, count: count.pointee).map { _Binding($0) }
    }
  }

  deinit {
    withUnsafeMutablePointers { count, bindings in
      for binding in UnsafeBufferPointer(start: bindings, count: count.pointee) {
        _Payload.release(binding.payload, flags: binding.flags)
      }
    }
  }
}
