import ImplicitsCSupport

/// The entry points the public API goes through. A thread outside any task keeps its
/// values in the C context of the calling thread (the fast path); code running in a task
/// uses the task's context (see `_TaskContext`).
@usableFromInline
enum _Runtime {
  /// Reads `key`, or stops with a message naming it.
  @inlinable @inline(__always)
  static func read<Value>(
    _ key: UnsafeRawPointer, as _: Value.Type, keyName: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) -> Value {
    if let payload = ims_lookup_payload(key) {
      return _Payload.decode(payload.pointee, as: Value.self)
    }
    guard let found = lookupElsewhere(key) ?? _Defaults.payload(for: key, as: Value.self) else {
      _Diagnostics.missing(keyName(), file: file, line: line)
    }
    return _Payload.decode(found, as: Value.self)
  }

  /// Reads `key` if it has a visible value.
  @inlinable
  static func lookup<Value>(_ key: UnsafeRawPointer, as _: Value.Type) -> Value? {
    if let payload = ims_lookup_payload(key) { return _Payload.decode(payload.pointee, as: Value.self) }
    return (lookupElsewhere(key) ?? _Defaults.payload(for: key, as: Value.self))
      .map { _Payload.decode($0, as: Value.self) }
  }

  /// The read path when the thread's context has no binding: the current task's context.
  @usableFromInline @inline(never)
  static func lookupElsewhere(_ key: UnsafeRawPointer) -> UInt? {
    guard let task = swift_task_getCurrent() else { return nil }
    return _TaskContext.lookupPayload(key, task: task)
  }

  /// Declares `value` under `key` in the innermost open scope.
  @inlinable @inline(__always)
  static func declare<Value>(
    _ value: Value, key: UnsafeRawPointer, keyName: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    let (payload, flags) = _Payload.encode(value)
    let declared = declareFast(
      key, payload: payload, flags: flags, file: file._cString, line: UInt32(truncatingIfNeeded: line))
    if _slowPath(!declared) {
      declareFailed(payload: payload, flags: flags, keyName: keyName(), file: file, line: line)
    }
  }

  /// Declares a +1 payload in the innermost scope of the current task or thread; false,
  /// having declared nothing, when none is open. Few arguments and no closure: the
  /// key's name is only needed by `declareFailed`.
  @usableFromInline
  static func declareFast(
    _ key: UnsafeRawPointer, payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?, line: UInt32
  ) -> Bool {
    if let task = swift_task_getCurrent() {
      return _TaskContext.declare(
        _Binding(key: key, payload: payload, flags: flags, file: file, line: line, frame: nil),
        task: task)
    }
    return declareOnThread(key, payload: payload, flags: flags, file: file, line: line)
  }

  /// Declares in the calling thread's innermost frame; false when it has none.
  @inlinable @inline(__always)
  static func declareOnThread(
    _ key: UnsafeRawPointer, payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?, line: UInt32
  ) -> Bool {
    let released = ims_declare(ims_thread_current(), key, payload, flags, file, line)
    if released == 0 { return true }
    if _slowPath(released == IMS_DECLARE_NO_FRAME) { return false }
    _Payload.release(released, flags: _Payload.objectFlag)
    return true
  }

  /// Releases a payload that could not be declared and stops with the missing-scope message.
  @usableFromInline @inline(never)
  static func declareFailed(
    payload: UInt, flags: UInt32, keyName: String, file: StaticString, line: UInt
  ) -> Never {
    _Payload.release(payload, flags: flags)
    _Diagnostics.declaredOutsideScope(
      keyName, inTask: swift_task_getCurrent() != nil, file: file, line: line)
  }

  /// Opens a frame in the current thread's or task's context.
  @inlinable @inline(__always)
  static func pushFrame(barrier: Bool, file: StaticString, line: UInt) -> ImplicitScope {
    let cFile = file._cString
    let cLine = UInt32(truncatingIfNeeded: line)
    if let task = swift_task_getCurrent() {
      return pushTaskFrame(barrier: barrier, file: cFile, line: cLine, task: task)
    }
    let serial = ims_frame_push(ims_thread_slot(), barrier, cFile, cLine)
    return ImplicitScope(_serial: serial, owner: 0)
  }

  @usableFromInline @inline(never)
  static func pushTaskFrame(
    barrier: Bool, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer
  ) -> ImplicitScope {
    let serial = _TaskContext.pushFrame(barrier: barrier, file: file, line: line, task: task)
    return ImplicitScope(_serial: serial, owner: UInt(bitPattern: task))
  }

  /// Ends the frame of `scope`, releasing what it declared.
  @inlinable @inline(__always)
  static func endFrame(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    if scope._owner == 0, _fastPath(ims_frame_is_top(ims_thread_current(), scope._serial)) {
      unwindAndPop(ims_thread_slot())
      return
    }
    endFrameSlow(scope, file: file, line: line)
  }

  /// `endFrame` in a task, and every misuse.
  @inline(never)
  @usableFromInline
  static func endFrameSlow(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    if scope._owner != 0 {
      _TaskContext.end(scope, file: file, line: line)
      return
    }
    var innermost: UnsafePointer<ims_frame>?
    switch ims_frame_find(ims_thread_context(), scope._serial, &innermost) {
    case IMS_FRAME_TOP:
      unwindAndPop(ims_thread_slot())
    case IMS_FRAME_BURIED:
      _Diagnostics.endedOutOfOrder(innermost: innermost?.pointee, file: file, line: line)
    default:
      let otherThread = scope._serial & ~((1 << 40) - 1) != ims_thread_serial_base()
      if otherThread || swift_task_getCurrent() != nil {
        _Diagnostics.endedElsewhere(createdInTask: false, file: file, line: line)
      }
      _Diagnostics.endedTwice(file: file, line: line)
    }
  }

  /// Pops the innermost frame of `*slot` (which must have one), releasing the values its
  /// records own.
  @inlinable @inline(__always)
  static func unwindAndPop(_ slot: UnsafeMutablePointer<UnsafeMutablePointer<ims_context>?>) {
    while true {
      let owned = ims_frame_unwind_next(slot.pointee)
      if owned == 0 { break }
      // Releasing may run a deinit that opens and closes scopes of its own; the frame is
      // consistent between iterations, so that is safe.
      _Payload.release(owned, flags: _Payload.objectFlag)
    }
    ims_frame_pop(slot)
  }

  /// Whether the scope's frame is still open where it was created.
  @inline(__always)
  static func isOpen(_ scope: ImplicitScope) -> Bool {
    if scope._owner == 0, _fastPath(ims_frame_is_top(ims_thread_current(), scope._serial)) {
      return true
    }
    return isOpenSlow(scope)
  }

  @inline(never)
  static func isOpenSlow(_ scope: ImplicitScope) -> Bool {
    if scope._owner != 0 { return _TaskContext.isOpen(scope) }
    return ims_frame_find(ims_thread_context(), scope._serial, nil) != IMS_FRAME_UNKNOWN
  }

  /// Every visible binding of the current thread or task.
  static func visibleBindings() -> [_Binding] {
    if let task = swift_task_getCurrent() {
      let fromTask = _TaskContext.visibleBindings(task: task)
      if ims_thread_context() == nil { return fromTask }
      // A task running on a thread inside a synchronous scope also sees the thread's values.
      let keys = Set(fromTask.map(\.key))
      return fromTask + threadBindings().filter { !keys.contains($0.key) }
    }
    return threadBindings()
  }

  static func threadBindings() -> [_Binding] {
    bindings(in: ims_thread_context())
  }

  static func bindings(in context: UnsafePointer<ims_context>?) -> [_Binding] {
    guard let context else { return [] }
    var result: [_Binding] = []
    var cursor: UInt32 = 0
    while true {
      let index = ims_next_visible(context, &cursor)
      if index == IMS_NONE { break }
      result.append(_Binding(context: context, index: index))
    }
    return result
  }

  /// The visible binding of `key`, type-erased (bags).
  static func binding(for key: UnsafeRawPointer) -> _Binding? {
    let context = ims_thread_context()
    let index = ims_lookup_record(context, key)
    if let context, index != IMS_NONE { return _Binding(context: context, index: index) }
    guard let task = swift_task_getCurrent() else { return nil }
    return _TaskContext.lookup(key, task: task)
  }
}
