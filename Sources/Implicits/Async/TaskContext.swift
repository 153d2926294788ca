import ImplicitsCSupport

/// Implicit values of code running in a task.
///
/// A task's values must follow it across threads and be inherited by the child tasks it
/// creates (`async let`, task groups, `Task {}`; not `Task.detached`), so each scope
/// opened in a task is a `_TaskFrame` bound as a Swift task-local value while the scope is
/// open. Child tasks inherit the innermost frame and, through `parent` links, every frame
/// below it; they keep those frames (and so their values) alive after the parent's scopes
/// end. Nothing a child declares reaches its parent: a child's scopes are its own frames.
///
/// Bindings use the task's stack allocator, so only scope creation pushes one (popped by
/// `end()`), never a declaration; declarations go into the innermost frame. A frame is
/// shared with children, so its entries sit behind a lock; the owning task reads through a
/// C context mirroring its frames (O(1), no lock), children walk the inherited frames.
enum _TaskContext {
  static let top = TaskLocal<_TaskFrame?>(wrappedValue: nil)

  private static var topKey: UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(top).toOpaque())
  }

  private static func push(_ frame: _TaskFrame) {
    var value: UnsafeMutableRawPointer? = Unmanaged.passRetained(frame).toOpaque()
    // The runtime takes the +1 reference out of `value`.
    withUnsafeMutablePointer(to: &value) {
      swift_task_localValuePush(topKey, $0, _Payload.typeIdentity(_TaskFrame?.self))
    }
  }

  /// The innermost frame bound in the current task: `top.get()` without its unspecialised
  /// generic copy (reads the runtime's storage of the binding, then retains the frame).
  static func currentTop() -> _TaskFrame? {
    guard let storage = _taskLocalValueGet(topKey),
      let frame = storage.load(as: UnsafeRawPointer?.self)
    else { return nil }
    return Unmanaged<_TaskFrame>.fromOpaque(frame).takeUnretainedValue()
  }

  /// The innermost frame, when the current task opened it.
  static func ownFrame(task: UnsafeMutableRawPointer) -> _TaskFrame? {
    guard let frame = currentTop(), frame.state.owner == task, frame.state.context != nil else {
      return nil
    }
    return frame
  }

  // MARK: Reads

  /// The payload of the visible binding of `key`: `lookup` without building a `_Binding`
  /// on the owner's O(1) path (the read after an `await`).
  /// Reads the binding through the runtime's storage of `top` without copying (retaining)
  /// the frame: `top.get()` goes through unspecialised generic code and costs more than
  /// the rest of the read.
  static func lookupPayload(_ key: UnsafeRawPointer, task: UnsafeMutableRawPointer) -> UInt? {
    guard let storage = _taskLocalValueGet(topKey),
      let frame = storage.load(as: UnsafeRawPointer?.self)
    else { return nil }
    return Unmanaged<_TaskFrame>.fromOpaque(frame)._withUnsafeGuaranteedRef { frame in
      if frame.state.owner == task, let context = frame.state.context {
        return ims_lookup_payload_in(context, key)?.pointee
      }
      return inheritedPayload(key, from: frame)
    }
  }

  /// `lookup` through the frames a child task inherited, innermost first.
  private static func inheritedPayload(_ key: UnsafeRawPointer, from frame: _TaskFrame) -> UInt? {
    if let binding = frame.binding(for: key) { return binding.payload }
    if frame.isBarrier { return nil }
    var cursor = frame.parent
    while let current = cursor {
      if let binding = current.binding(for: key) { return binding.payload }
      if current.isBarrier { return nil }
      cursor = current.parent
    }
    return nil
  }

  static func lookup(_ key: UnsafeRawPointer, task: UnsafeMutableRawPointer) -> _Binding? {
    guard let frame = currentTop() else { return nil }
    if frame.state.owner == task, let context = frame.state.context {
      let index = ims_lookup_record(context, key)
      return index == IMS_NONE ? nil : _Binding(context: context, index: index)
    }
    var cursor: _TaskFrame? = frame
    while let current = cursor {
      if let binding = current.binding(for: key) { return binding }
      if current.isBarrier { return nil }
      cursor = current.parent
    }
    return nil
  }

  /// The bindings visible through `frame` and its ancestors, one per key, innermost wins.
  static func chainBindings(from frame: _TaskFrame?) -> [_Binding] {
    var seen = Set<UnsafeRawPointer>()
    var result: [_Binding] = []
    var cursor = frame
    while let current = cursor {
      for binding in current.bindings() where seen.insert(binding.key).inserted {
        result.append(binding)
      }
      if current.isBarrier { break }
      cursor = current.parent
    }
    return result
  }

  static func visibleBindings(task: UnsafeMutableRawPointer) -> [_Binding] {
    if let frame = ownFrame(task: task) { return _Runtime.bindings(in: frame.state.context) }
    return chainBindings(from: currentTop())
  }

  // MARK: Frames and declarations

  static func pushFrame(
    barrier: Bool, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer
  ) -> UInt64 {
    let inherited = currentTop()
    let state: _TaskState
    var seed: [_Binding] = []
    if let own = ownFrame(task: task) {
      state = own.state
    } else {
      // The task's first scope: mirror what it inherited so its own reads stay O(1).
      state = _TaskState(owner: task)
      if !barrier { seed = chainBindings(from: inherited) }
    }
    let serial = ims_frame_push(&state.context, barrier, file, line)
    for binding in seed { mirror(binding, in: state.context!) }
    push(_TaskFrame(serial: serial, barrier: barrier, state: state, parent: inherited))
    return serial
  }

  /// Declares in the current task's innermost scope; false when the task has none open.
  static func declare(_ binding: _Binding, task: UnsafeMutableRawPointer) -> Bool {
    guard let frame = ownFrame(task: task) else { return false }
    frame.insert(binding)
    mirror(binding, in: frame.state.context!)
    return true
  }

  private static func mirror(_ binding: _Binding, in context: UnsafeMutablePointer<ims_context>) {
    // Borrowed: the frame owns the payload, so the mirror never has one to release.
    _ = ims_declare(
      context, binding.key, binding.payload, binding.flags | _Payload.borrowedFlag,
      binding.file, binding.line)
  }

  static func isOpen(_ scope: ImplicitScope) -> Bool {
    guard let task = swift_task_getCurrent(), UInt(bitPattern: task) == scope._owner,
      let frame = ownFrame(task: task)
    else { return false }
    return ims_frame_find(frame.state.context, scope._serial, nil) != IMS_FRAME_UNKNOWN
  }

  static func end(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    guard let task = swift_task_getCurrent(), UInt(bitPattern: task) == scope._owner else {
      _Diagnostics.endedElsewhere(createdInTask: true, file: file, line: line)
    }
    guard let frame = ownFrame(task: task) else { _Diagnostics.endedTwice(file: file, line: line) }
    var innermost: UnsafePointer<ims_frame>?
    switch ims_frame_find(frame.state.context, scope._serial, &innermost) {
    case IMS_FRAME_TOP where frame.serial == scope._serial: break
    case IMS_FRAME_TOP: _Diagnostics.taskLocalStackCorrupted(file: file, line: line)
    case IMS_FRAME_BURIED:
      _Diagnostics.endedOutOfOrder(innermost: innermost?.pointee, file: file, line: line)
    default: _Diagnostics.endedTwice(file: file, line: line)
    }
    withUnsafeMutablePointer(to: &frame.state.context) { _Runtime.unwindAndPop($0) }
    swift_task_localValuePop()
    if currentTop() !== frame.parent { _Diagnostics.taskLocalStackCorrupted(file: file, line: line) }
  }
}

/// The storage of the current task's binding of a task-local key (a `TaskLocal` object),
/// or nil; the value stays owned by the runtime. (Swift runtime; stable ABI.)
@_silgen_name("swift_task_localValueGet")
private func _taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

/// The tasks's own scopes: who owns them, and the owner's C context mirroring them.
final class _TaskState: @unchecked Sendable {
  /// The task that opened the frames of this state. Immutable: other tasks compare it.
  let owner: UnsafeMutableRawPointer
  /// Only the owner reads or writes the context (so no dynamic exclusivity check either).
  @exclusivity(unchecked) var context: UnsafeMutablePointer<ims_context>?

  init(owner: UnsafeMutableRawPointer) { self.owner = owner }
}

/// One scope opened in a task, as seen by the task and by the children it creates.
final class _TaskFrame: @unchecked Sendable {
  let serial: UInt64
  let isBarrier: Bool
  let state: _TaskState
  /// The frame that was innermost when this one opened (the task's own or inherited).
  let parent: _TaskFrame?

  private let lock = ims_lock_create()!
  /// Values declared in this frame, newest per key; they own their payloads. Guarded by
  /// `lock`, so the dynamic exclusivity check (a third of a child's read) is redundant.
  @exclusivity(unchecked) private var entries: [_FrameKey: _Binding] = [:]
  /// Payloads replaced by a re-declaration: a child may still be decoding them.
  @exclusivity(unchecked) private var retired: [_Binding] = []

  init(serial: UInt64, barrier: Bool, state: _TaskState, parent: _TaskFrame?) {
    self.serial = serial
    self.isBarrier = barrier
    self.state = state
    self.parent = parent
  }

  func insert(_ binding: _Binding) {
    ims_lock_acquire(lock)
    if let old = entries.updateValue(binding, forKey: _FrameKey(binding.key)) { retired.append(old) }
    ims_lock_release(lock)
  }

  func binding(for key: UnsafeRawPointer) -> _Binding? {
    ims_lock_acquire(lock)
    defer { ims_lock_release(lock) }
    return entries[_FrameKey(key)]
  }

  func bindings() -> [_Binding] {
    ims_lock_acquire(lock)
    defer { ims_lock_release(lock) }
    return Array(entries.values)
  }

  deinit {
    for binding in entries.values { _Payload.release(binding.payload, flags: binding.flags) }
    for binding in retired { _Payload.release(binding.payload, flags: binding.flags) }
    ims_lock_destroy(lock)
  }
}

/// A key identity as a frame's dictionary key. Identities are metadata pointers, which no
/// input controls, so one multiply-xorshift replaces SipHash (most of a child's read).
struct _FrameKey: Hashable {
  let raw: UnsafeRawPointer

  init(_ raw: UnsafeRawPointer) { self.raw = raw }

  func hash(into hasher: inout Hasher) { hasher.combine(raw) }

  func _rawHashValue(seed: Int) -> Int {
    let mixed = (UInt(bitPattern: raw) ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
    return Int(bitPattern: mixed ^ (mixed >> 32))
  }
}
