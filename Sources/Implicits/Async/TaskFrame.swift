import ImplicitsCSupport

/// One scope opened in a task: the value of one task-local binding, pushed when the
/// scope opens and popped by its `end()`.
///
/// The frame (`ims_task_frame`, CSupport) lives in the binding's storage, which the
/// runtime allocates on the task's stack allocator: opening a scope costs no malloc. It
/// holds
/// - `base`: an immutable map of everything visible below it, sealed when it opened;
/// - up to `inlineCapacity` declarations made in it, in place (`slots`, `count`);
/// - further declarations in `overflow`, an immutable map replaced on each declaration.
///
/// Its type has value witnesses of its own (CSupport/TaskFrame.c): moving a frame copies
/// its used bytes, destroying it releases the slots in use and the maps it holds, and the
/// copy the runtime makes for a `Task {}` child retains what it carries. `base` is
/// borrowed when the enclosing frame is the same task's (it outlives this one), owned
/// otherwise and in copies.
///
/// Only the task that opened the frame (`owner`) writes to it, and only by appending:
/// a slot is written before `count` is published (release), and a map is complete before
/// it is published. No map is released while the frame lives: a replaced one (an older
/// overflow, a stale seal) moves to the `retired` chain, as a child task may be reading
/// it — or copying the frame: child tasks either read this storage directly (`async let`,
/// task-group children: structured, so the frame outlives them) or get a copy made by
/// the runtime (`Task {}`), and a `Task {}` created by such a child copies this frame
/// while its owner may still be declaring into it.
enum _TaskFrame {
  static let inlineCapacity = UInt32(IMS_TASK_FRAME_SLOTS)

  /// The task-local key frames are bound under: the metadata of a private type.
  static var key: UnsafeRawPointer { _Payload.typeIdentity(_TaskFrameKey.self) }

  /// Binds a new frame as the current task's innermost one, on top of `top` (what the
  /// task sees now). Where the task layout is verified, the frame's item comes from the
  /// item cache and is linked here (`_TaskLayout.beginItem`); otherwise the runtime pushes.
  @inline(__always)
  static func push(
    owner task: UnsafeMutableRawPointer, ownerID: UInt64, _ offsets: _TaskLayout.Offsets?, serial: UInt64,
    top: _FrameRef?, file: UnsafePointer<CChar>?, line: UInt32, base: UnsafeMutableRawPointer?, baseOwned: Bool
  ) {
    func fill(
      _ frame: UnsafeMutablePointer<ims_task_frame>, allocationMark: UnsafeMutableRawPointer?,
      recordMark: UnsafeMutableRawPointer?
    ) {
      frame.pointee.owner = task
      frame.pointee.owner_id = ownerID
      frame.pointee.serial = serial
      frame.pointee.parent = top.map { UnsafeMutableRawPointer($0.frame) }
      frame.pointee.file = file
      frame.pointee.line = line
      frame.pointee.depth = top.map { $0.depth + 1 } ?? 0
      frame.pointee.count = 0
      frame.pointee.base_owned = baseOwned ? 1 : 0
      frame.pointee.base = base
      frame.pointee.overflow = nil
      frame.pointee.sealed_cache = nil
      frame.pointee.retired = nil
      frame.pointee.allocation_mark = allocationMark
      frame.pointee.record_mark = recordMark
      frame.pointee.kind = UInt32(IMS_TASK_FRAME_OPEN)
    }
    if let offsets {
      let item = _TaskLayout.beginItem(of: task, offsets, key: key, type: ims_task_frame_type())
      fill(
        item.value.assumingMemoryBound(to: ims_task_frame.self), allocationMark: item.allocationMark,
        recordMark: item.recordMark)
      _TaskLayout.link(item)
      return
    }
    pushThroughRuntime(task) { fill($0, allocationMark: nil, recordMark: $1) }
  }

  /// The runtime-entry-points path: the runtime allocates and links the item. Where the
  /// layout is readable, the frame records the newest status record for `end()`; where it
  /// is not, whether the task is in a task group's body, by the runtime's answer.
  @inline(never)
  private static func pushThroughRuntime(
    _ task: UnsafeMutableRawPointer,
    _ fill: (UnsafeMutablePointer<ims_task_frame>, _ recordMark: UnsafeMutableRawPointer?) -> Void
  ) {
    let readable = _TaskLayout.readableOffsets
    let recordMark = readable.flatMap { _TaskLayout.newestRecord(of: task, $0) }
    withUnsafeTemporaryAllocation(of: ims_task_frame.self, capacity: 1) { buffer in
      fill(buffer.baseAddress!, recordMark)
      // Read only by `popThroughRuntime`: frames the library links never get there.
      buffer.baseAddress!.pointee.group_body_at_open =
        readable == nil ? ims_task_group_body_answer() : UInt32(IMS_GROUP_BODY_NOT_ASKED)
      // The runtime moves the frame out of the buffer: nothing is left to deinitialize.
      swift_task_localValuePush(key, buffer.baseAddress!, ims_task_frame_type())
    }
  }

  /// Unbinds and destroys `frame`, the current task's newest binding, unless something
  /// started inside it is still alive (then nothing is done: see `_TaskLayout.Unlink`).
  @inline(__always)
  static func pop(
    _ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: _TaskLayout.Offsets?
  ) -> _TaskLayout.Unlink {
    guard let offsets else { return popThroughRuntime(frame, of: task) }
    let result = _TaskLayout.unlinkNewest(frame, of: task, offsets)
    switch result {
    case .unlinked:
      // Unlinked first: a deinit run by the releases sees the enclosing frame.
      free(frame)
    case .asyncLetRunning(let waitedChildID):
      // Unlinked: the owner no longer sees it; its `async let` child still reads it.
      _KeptFrames.keep(frame, waitedChildID: waitedChildID)
      return .unlinked
    default: break
    }
    return result
  }

  /// Destroys an unlinked frame of the verified layout and gives its item back.
  @inline(__always)
  static func free(_ frame: _FrameRef) {
    ims_task_frame_destroy(frame.frame)
    ims_task_item_free(_TaskLocalItem(value: frame.storage).address)
  }

  /// `pop` on the runtime-entry-points path.
  @inline(never)
  private static func popThroughRuntime(_ frame: _FrameRef, of task: UnsafeMutableRawPointer) -> _TaskLayout.Unlink {
    // The runtime frees the item at once, and a child started inside the scope reads it in
    // place: where the layout is readable, the status records added since the frame opened
    // must hold no child that may still read it (the item is the runtime's, in the task
    // allocator, which frees in order: it cannot be kept for the child as on the verified
    // layout). Where it is not, the runtime still says
    // whether the task is in a group's body: one it was not in when the frame opened is
    // the body of a group created inside the scope, whose children read the frame in
    // place. An `async let` not awaited is not seen there (DocC, Async).
    if let readable = _TaskLayout.readableOffsets {
      let found = _TaskLayout.recordsSinceOpened(frame, of: task, readable)
      if found != .unlinked { return found }
    } else if frame.frame.pointee.group_body_at_open == UInt32(IMS_GROUP_BODY_NO),
      ims_task_group_body_answer() == UInt32(IMS_GROUP_BODY_YES)
    {
      return .workAlive
    }
    // The runtime destroys the frame through its value witness, which stops on an open
    // frame (the scope was never ended): say this one is being ended.
    frame.frame.pointee.kind = UInt32(IMS_TASK_FRAME_ENDING)
    swift_task_localValuePop()
    return .unlinked
  }
}

private enum _TaskFrameKey {}

/// Access to a frame in its task-local storage, field by field (never copying the frame).
@usableFromInline
struct _FrameRef {
  let frame: UnsafeMutablePointer<ims_task_frame>

  init(_ storage: UnsafeMutableRawPointer) { frame = storage.assumingMemoryBound(to: ims_task_frame.self) }

  /// The innermost frame visible in the current task, or nil.
  static var innermost: _FrameRef? {
    swift_task_localValueGet(_TaskFrame.key).map(_FrameRef.init)
  }

  /// `innermost` for the current task `task`: when the task's newest binding is a frame
  /// (the usual case in the task that opened it, or in a child that has bound nothing of
  /// its own), or when it binds nothing, a few loads instead of a runtime call.
  @inline(__always)
  static func innermost(in task: UnsafeMutableRawPointer, _ offsets: _TaskLayout.Offsets?) -> _FrameRef? {
    switch _TaskLayout.headValue(of: task, offsets, boundTo: _TaskFrame.key) {
    case .value(let storage): return _FrameRef(storage)
    case .noBindings: return nil
    case .unknown: return innermost
    }
  }

  var storage: UnsafeMutableRawPointer { UnsafeMutableRawPointer(frame) }
  /// The task that opened the frame, or nil for a copy.
  var owner: UnsafeMutableRawPointer? { frame.pointee.owner }
  var ownerID: UInt64 { frame.pointee.owner_id }
  var serial: UInt64 { frame.pointee.serial }
  var depth: UInt32 { frame.pointee.depth }
  var file: UnsafePointer<CChar>? { frame.pointee.file }
  var line: UInt32 { frame.pointee.line }
  var parent: _FrameRef? { frame.pointee.parent.map(_FrameRef.init) }

  private func slot(_ index: UInt32) -> UnsafeMutablePointer<_TaskBinding> {
    UnsafeMutableRawPointer(ims_task_frame_slot(frame, index)).assumingMemoryBound(to: _TaskBinding.self)
  }

  private func map(_ word: UnsafeMutableRawPointer?) -> _TaskMap? {
    word.map { Unmanaged<_TaskMap>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Declarations published in the slots.
  var publishedCount: UInt32 { ims_task_frame_published_count(frame) }

  /// The published overflow map, borrowed: it lives as long as the frame.
  var publishedOverflow: Unmanaged<_TaskMap>? {
    ims_task_frame_published_overflow(frame).map { Unmanaged<_TaskMap>.fromOpaque($0) }
  }

  // MARK: Reads

  /// The binding of `key` visible through this frame, newest first; nil when none.
  /// The pointer is valid while the frame is.
  func find(_ key: UnsafeRawPointer) -> UnsafePointer<_TaskBinding>? {
    ims_task_frame_check_alive(frame)
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
    // Borrowed: the frame holds (or borrows from a frame that outlives it) the base.
    guard let base = frame.pointee.base else { return nil }
    return Unmanaged<_TaskMap>.fromOpaque(base)._withUnsafeGuaranteedRef { $0.find(key) }
  }

  /// Every binding visible through this frame, one per key, innermost first.
  func visibleBindings() -> [_Binding] {
    ims_task_frame_check_alive(frame)
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
    map(frame.pointee.base)?.forEach(add)
    return result
  }

  // MARK: Writes (owner only)

  /// Appends a declaration (taking its +1 payload).
  @inline(__always)
  func declare(_ binding: __owned _TaskBinding) {
    if let stale = frame.pointee.sealed_cache {
      frame.pointee.sealed_cache = nil
      retire(Unmanaged<_TaskMap>.fromOpaque(stale))
    }
    let count = frame.pointee.count
    if count < _TaskFrame.inlineCapacity {
      // Slots at and above `count` hold nothing: initialise in place.
      slot(count).initialize(to: binding)
      ims_task_frame_publish_count(frame, count + 1)
      return
    }
    declareInOverflow(binding)
  }

  @inline(never)
  private func declareInOverflow(_ binding: __owned _TaskBinding) {
    let previous = publishedOverflow
    let updated = _TaskMap.inserting(
      binding.at(depth: depth), into: previous?.takeUnretainedValue())
    // The field holds the +1 of the newest map; the previous one's moves to `retired`.
    ims_task_frame_publish_overflow(frame, Unmanaged.passRetained(updated).toOpaque())
    if let previous { retire(previous) }
  }

  /// Moves a map the frame held (+1) to the head of its retired chain.
  private func retire(_ map: Unmanaged<_TaskMap>) {
    let head = frame.pointee.retired
    map._withUnsafeGuaranteedRef { retiring in
      retiring.retiredNext = head.map { Unmanaged<_TaskMap>.fromOpaque($0).takeRetainedValue() }
    }
    frame.pointee.retired = map.toOpaque()
  }

  /// Everything visible through this frame as one map, for the base of a frame opened on
  /// top, and whether the caller gets a reference of its own (+1) or borrows the map from
  /// this frame. Borrowed only by the owner task, whose frames on top end before this one.
  @inline(__always)
  func sealed(ownedBy task: UnsafeMutableRawPointer) -> (map: UnsafeMutableRawPointer?, owned: Bool) {
    if owner == task, let cached = frame.pointee.sealed_cache { return (cached, false) }
    return sealedSlow(ownedBy: task)
  }

  @inline(never)
  private func sealedSlow(ownedBy task: UnsafeMutableRawPointer) -> (map: UnsafeMutableRawPointer?, owned: Bool) {
    // The overflow map before the count, as `find` and `copy_frame` read them: the slots
    // fill before a map is published, so the count read second covers the map's slots.
    let overflow = publishedOverflow
    let count = publishedCount
    let owned = owner == task
    if count == 0 && overflow == nil {
      let base = frame.pointee.base
      if !owned, let base { _ = Unmanaged<_TaskMap>.fromOpaque(base).retain() }
      return (base, !owned)
    }
    if owned, let cached = frame.pointee.sealed_cache { return (cached, false) }
    return (sealing(count: count, overflow: overflow, cache: owned), !owned)
  }

  @inline(never)
  private func sealing(count: UInt32, overflow: Unmanaged<_TaskMap>?, cache: Bool) -> UnsafeMutableRawPointer? {
    var map = self.map(frame.pointee.base)
    for index in 0..<count { map = _TaskMap.inserting(slot(index).pointee.at(depth: depth), into: map) }
    overflow?._withUnsafeGuaranteedRef { $0.forEach { map = _TaskMap.inserting($0, into: map) } }
    guard let map else { return nil }
    // +1 for the cache (released with the frame, or retired) or for the caller.
    let word = Unmanaged.passRetained(map).toOpaque()
    if cache { frame.pointee.sealed_cache = word }
    return word
  }
}
