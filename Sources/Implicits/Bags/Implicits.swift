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
  public var count: Int { _storage?.header.count ?? 0 }

  /// The keys in the bag, sorted, as written in source (`MyApp.Wallet`, `any MyApp.Clock`,
  /// `darkMode`).
  public var keys: [String] {
    (_storage?.bindings ?? []).map { _KeyNames.name(of: $0.key) }.sorted()
  }
}

/// The header of a bag's storage.
@usableFromInline
struct _BagHeader {
  /// The number of bindings in the tail.
  var count: Int
  /// The bag as a task map (a +1 `_TaskMap`), built by its first restore in a task.
  var taskMap: UnsafeMutableRawPointer?
  /// The bag as a key table for the thread path: its state, then the table, built by its
  /// second restore on a thread (`IMS_BAG_TABLE_UNUSED` in CSupport), freed with the bag.
  var table: UInt = 0
}

/// The immutable storage of a bag: one allocation with the bindings in its tail. Owns one
/// reference to each captured payload.
@usableFromInline
final class _BagStorage: ManagedBuffer<_BagHeader, ims_binding> {
  /// Empty storage with room for `capacity` bindings: the caller writes them and their
  /// count, each payload already retained for the bag.
  static func make(capacity: Int) -> _BagStorage {
    unsafeDowncast(create(minimumCapacity: capacity) { _ in _BagHeader(count: 0, taskMap: nil, table: 0) }, to: _BagStorage.self)
  }

  /// The object a binding of a bag refers to (its payload, untagged for a lazy cell), or nil
  /// for a value that holds none. A bag's binding always carries its flags (a payload
  /// handed back by `end()` may not), so the flags say it: no tag check, and the lazy case
  /// is a branch off the loop's path.
  @inline(__always)
  static func object(of binding: ims_binding) -> Unmanaged<AnyObject>? {
    guard binding.flags & _Payload.objectFlag != 0 else { return nil }
    var address = binding.payload
    if _slowPath(binding.flags & _Payload.lazyFlag != 0) { address &= _Lazy.addressMask }
    // An object payload is never 0.
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
  }

  /// Storage holding `bindings`, retaining each payload (and owning it, even where the
  /// context only borrowed it).
  static func make(retaining bindings: [_Binding]) -> _BagStorage {
    let storage = make(capacity: bindings.count)
    storage.withUnsafeMutablePointers { header, out in
      for (index, binding) in bindings.enumerated() {
        var owned = binding.cBinding
        owned.flags &= ~_Payload.borrowedFlag
        _Payload.retain(owned.payload, flags: owned.flags)
        (out + index).initialize(to: owned)
      }
      header.pointee.count = bindings.count
    }
    return storage
  }

  /// The bindings, copied out (dumps, tests, the task path).
  var bindings: [_Binding] {
    withUnsafeMutablePointers { header, bindings in
      UnsafeBufferPointer(start: bindings, count: header.pointee.count).map { _Binding($0) }
    }
  }

  /// The bag's values as the base of a task frame: restoring the bag in a task opens one
  /// frame over this map, O(1) and malloc-free after the first restore.
  var taskMap: _TaskMap {
    withUnsafeMutablePointers { header, bindings in
      let cell = UnsafeMutableRawPointer(header) + MemoryLayout<_BagHeader>.offset(of: \.taskMap)!
      let slot = cell.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
      if let built = ims_load_acquire_ptr(slot) {
        return Unmanaged<_TaskMap>.fromOpaque(built).takeUnretainedValue()
      }
      var map: _TaskMap?
      for binding in UnsafeBufferPointer(start: bindings, count: header.pointee.count) {
        _Payload.retain(binding.payload, flags: binding.flags)
        map = _TaskMap.inserting(
          _TaskBinding(
            key: binding.key, owning: binding.payload, flags: binding.flags, file: binding.file,
            line: binding.line),
          into: map)
      }
      let built = map!
      // Another task may have installed its map first: use that one.
      if ims_install_ptr(slot, Unmanaged.passRetained(built).toOpaque()) { return built }
      Unmanaged.passUnretained(built).release()
      return Unmanaged<_TaskMap>.fromOpaque(ims_load_acquire_ptr(slot)!).takeUnretainedValue()
    }
  }

  deinit {
    withUnsafeMutablePointers { header, bindings in
      for binding in UnsafeBufferPointer(start: bindings, count: header.pointee.count) {
        _BagStorage.object(of: binding)?.release()
      }
      // Most bags were never restored in a task nor twice on a thread: out of line, so
      // that this closure stays small enough to be inlined into the deinit.
      if _slowPath(header.pointee.taskMap != nil || header.pointee.table > UInt(IMS_BAG_TABLE_NEVER)) {
        _BagStorage.releaseRestoreCaches(header)
      }
    }
  }

  /// Releases what restores built from the bag: its task map and its thread key table.
  @inline(never)
  static func releaseRestoreCaches(_ header: UnsafeMutablePointer<_BagHeader>) {
    if let map = header.pointee.taskMap { Unmanaged<_TaskMap>.fromOpaque(map).release() }
    ims_bag_table_release(header.pointee.table)
  }
}
