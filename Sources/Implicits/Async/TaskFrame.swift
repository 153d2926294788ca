import ImplicitsCSupport

/// One scope opened in a task: the value of one task-local binding, pushed when the
/// scope opens and popped by its `end()`.
///
/// The frame lives in the binding's storage, which the runtime allocates on the task's
/// stack allocator: opening a scope costs no malloc. It holds
/// - `base`: an immutable map of everything visible below it, sealed when it opened;
/// - up to `inlineCapacity` declarations made in it, in place (`slots`, `header.count`);
/// - further declarations in `overflow`, an immutable map replaced on each declaration.
///
/// Only the task that opened the frame (`owner`) writes to it, and only by appending:
/// a slot is written before `count` is published (release), and a map is complete before
/// it is published. No field is released while the frame lives: a replaced map (an older
/// overflow, a stale seal) moves to the `retired` chain, as a child task may be reading
/// it — or copying the frame: child tasks either read this storage directly (`async let`,
/// task-group children: structured, so the frame outlives them) or get a copy made by
/// the runtime (`Task {}`, which retains the values), and a `Task {}` created by such a
/// child copies this frame while its owner may still be declaring into it.
@usableFromInline
struct _TaskFrame {
  static let inlineCapacity: UInt32 = 4

  var header: _FrameHeader
  let base: _TaskMap?
  /// Published with release ordering.
  var overflow: _TaskMap?
  /// The owner's cache of `sealed()`, cleared (retired) by each declaration. Published
  /// with release ordering; only the owner uses it.
  var sealedCache: _TaskMap?
  /// The maps this frame replaced, newest first, chained through `retiredNext`.
  var retired: _TaskMap?
  var slots: (_TaskBinding, _TaskBinding, _TaskBinding, _TaskBinding)

  /// The task-local key frames are bound under: the metadata of a private type.
  static var key: UnsafeRawPointer { _Payload.typeIdentity(_TaskFrameKey.self) }

  /// Binds a new frame as the current task's innermost one.
  static func push(_ header: _FrameHeader, base: _TaskMap?) {
    withUnsafeTemporaryAllocation(of: _TaskFrame.self, capacity: 1) { buffer in
      let storage = buffer.baseAddress!
      storage.initialize(
        to: _TaskFrame(
          header: header, base: base, overflow: nil, sealedCache: nil, retired: nil,
          slots: (.empty, .empty, .empty, .empty)))
      // The runtime moves the value out of `storage`: nothing is left to deinitialize.
      swift_task_localValuePush(key, storage, _Payload.typeIdentity(_TaskFrame.self))
    }
  }
}

/// The plain fields of a frame.
struct _FrameHeader {
  let owner: UnsafeMutableRawPointer
  let serial: UInt64
  /// The storage of the frame that was innermost when this one opened (walked only
  /// through frames of the owner, which outlive this one).
  let parent: UnsafeMutableRawPointer?
  let file: UnsafePointer<CChar>?
  let line: UInt32
  /// 0 for a task's outermost frame.
  let depth: UInt32
  /// Published with release ordering: slots below it are complete.
  var count: UInt32
}

private enum _TaskFrameKey {}

/// Access to a frame in its task-local storage, field by field (never copying the frame).
@usableFromInline
struct _FrameRef {
  let storage: UnsafeMutableRawPointer

  init(_ storage: UnsafeMutableRawPointer) { self.storage = storage }

  /// The innermost frame visible in the current task, or nil.
  static var innermost: _FrameRef? {
    swift_task_localValueGet(_TaskFrame.key).map(_FrameRef.init)
  }

  /// `innermost` for the current task `task`: when the task's newest binding is a frame
  /// (the usual case in the task that opened it, or in a child that has bound nothing of
  /// its own), or when it binds nothing, a few loads instead of a runtime call.
  @inline(__always)
  static func innermost(in task: UnsafeMutableRawPointer) -> _FrameRef? {
    switch _TaskLayout.headValue(of: task, boundTo: _TaskFrame.key) {
    case .value(let storage): return _FrameRef(storage)
    case .noBindings: return nil
    case .unknown: return innermost
    }
  }

  private func field<T>(_ path: KeyPath<_TaskFrame, T>, as _: T.Type) -> UnsafeMutablePointer<T> {
    (storage + MemoryLayout<_TaskFrame>.offset(of: path)!).assumingMemoryBound(to: T.self)
  }

  var header: UnsafeMutablePointer<_FrameHeader> { storage.assumingMemoryBound(to: _FrameHeader.self) }
  var owner: UnsafeMutableRawPointer { header.pointee.owner }
  var serial: UInt64 { header.pointee.serial }
  var depth: UInt32 { header.pointee.depth }
  var parent: _FrameRef? { header.pointee.parent.map(_FrameRef.init) }

  private var countPointer: UnsafeMutablePointer<UInt32> {
    (storage + MemoryLayout<_FrameHeader>.offset(of: \.count)!).assumingMemoryBound(to: UInt32.self)
  }

  private var base: _TaskMap? { field(\.base, as: _TaskMap?.self).pointee }

  /// A map field as the raw word the owner publishes with release ordering.
  private func mapWord(_ path: KeyPath<_TaskFrame, _TaskMap?>) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    (storage + MemoryLayout<_TaskFrame>.offset(of: path)!)
      .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  private var overflowPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?> { mapWord(\.overflow) }

  private func slot(_ index: UInt32) -> UnsafeMutablePointer<_TaskBinding> {
    (storage + MemoryLayout<_TaskFrame>.offset(of: \.slots)!).assumingMemoryBound(to: _TaskBinding.self)
      + Int(index)
  }

  /// Declarations published in the slots.
  var publishedCount: UInt32 { ims_load_acquire_u32(countPointer) }

  /// The published overflow map, borrowed: it lives as long as the frame.
  var publishedOverflow: Unmanaged<_TaskMap>? {
    ims_load_acquire_ptr(overflowPointer).map { Unmanaged<_TaskMap>.fromOpaque($0) }
  }

  // MARK: Reads

  /// The binding of `key` visible through this frame, newest first; nil when none.
  /// The pointer is valid while the frame is.
  func find(_ key: UnsafeRawPointer) -> UnsafePointer<_TaskBinding>? {
    if let overflow = publishedOverflow,
      let found = overflow._withUnsafeGuaranteedRef({ $0.find(key) })
    {
      return found
    }
    var index = publishedCount
    while index > 0 {
      index -= 1
      let candidate = slot(index)
      if candidate.pointee.key == key { return UnsafePointer(candidate) }
    }
    // Borrowed: the frame holds the base for as long as the pointer is used.
    let basePointer = UnsafeMutableRawPointer(field(\.base, as: _TaskMap?.self))
    guard let base = basePointer.load(as: Unmanaged<_TaskMap>?.self) else { return nil }
    return base._withUnsafeGuaranteedRef { $0.find(key) }
  }

  /// Every binding visible through this frame, one per key, innermost first.
  func visibleBindings() -> [_Binding] {
    var seen = Set<UnsafeRawPointer>()
    var result: [_Binding] = []
    let depth = self.depth
    func add(_ binding: _TaskBinding) {
      if seen.insert(binding.key!).inserted { result.append(binding.erased(frameDepth: depth)) }
    }
    publishedOverflow?._withUnsafeGuaranteedRef { $0.forEach(add) }
    var index = publishedCount
    while index > 0 {
      index -= 1
      add(slot(index).pointee)
    }
    base?.forEach(add)
    return result
  }

  // MARK: Writes (owner only)

  /// Appends a declaration (taking its +1 payload).
  func declare(_ binding: __owned _TaskBinding) {
    let cache = mapWord(\.sealedCache)
    if let stale = cache.pointee {
      ims_store_release_ptr(cache, nil)
      retire(Unmanaged<_TaskMap>.fromOpaque(stale))
    }
    let count = header.pointee.count
    if count < _TaskFrame.inlineCapacity {
      // The slot holds `.empty` (nothing to release): initialise it in place.
      slot(count).initialize(to: binding)
      ims_store_release_u32(countPointer, count + 1)
      return
    }
    let previous = publishedOverflow
    let updated = _TaskMap.inserting(
      binding.at(depth: depth), into: previous?.takeUnretainedValue())
    // The field holds the +1 of the newest map; the previous one's moves to `retired`.
    ims_store_release_ptr(overflowPointer, Unmanaged.passRetained(updated).toOpaque())
    if let previous { retire(previous) }
  }

  /// Moves a map the frame held (+1) to the head of its retired chain.
  private func retire(_ map: Unmanaged<_TaskMap>) {
    let head = mapWord(\.retired)
    map._withUnsafeGuaranteedRef { retiring in
      retiring.retiredNext = head.pointee.map { Unmanaged<_TaskMap>.fromOpaque($0).takeRetainedValue() }
    }
    ims_store_release_ptr(head, map.toOpaque())
  }

  /// Everything visible through this frame as one map: the base of a frame opened on top.
  /// Cached when the caller owns the frame.
  func sealed(ownedBy task: UnsafeMutableRawPointer) -> _TaskMap? {
    let count = publishedCount
    let overflow = publishedOverflow
    if count == 0 && overflow == nil { return base }
    let owned = owner == task
    let cache = mapWord(\.sealedCache)
    if owned, let cached = cache.pointee {
      return Unmanaged<_TaskMap>.fromOpaque(cached).takeUnretainedValue()
    }
    var map = base
    for index in 0..<count { map = _TaskMap.inserting(slot(index).pointee.at(depth: depth), into: map) }
    overflow?._withUnsafeGuaranteedRef { $0.forEach { map = _TaskMap.inserting($0, into: map) } }
    // The field owns one reference (released with the frame, or retired).
    if owned, let map { ims_store_release_ptr(cache, Unmanaged.passRetained(map).toOpaque()) }
    return map
  }
}
