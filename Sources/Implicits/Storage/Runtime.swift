import ImplicitsCSupport

/// The entry points the public API goes through, and the one precedence rule they share:
/// **code running in a task uses the task's context; other code uses its thread's.**
///
/// The thread's context is a C context in thread-local storage (the fast path). Asking
/// the Swift runtime for the current task costs a call on every operation, so the thread
/// path trusts an open thread context unless it is marked `runs_tasks`. Reads probe
/// `ims_reading`, the empty context while the thread's context is marked: a hit needs no
/// check, and a marked read takes the miss path. A context is marked when task code of
/// this library has run on its thread, and on the main thread once the main actor's
/// executor was asked for (its run loop may then run main-actor jobs inside the program's
/// outermost scope; the hook is in CSupport/TaskSupport.c). On a marked context every
/// operation asks for the current task first; the task path is in `_TaskContext`.
@usableFromInline
enum _Runtime {
  /// Reads `key`, or stops with a message naming it.
  @inlinable @inline(__always)
  static func read<Value>(
    _ key: UnsafeRawPointer, as _: Value.Type, keyName: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) -> Value {
    // A hit is never a lazy declaration waiting to run: its slot's gate sends it here.
    if let payload = ims_lookup_payload(key) { return _Payload.decode(payload.pointee, as: Value.self) }
    guard let found = lookupElsewhere(key) ?? _Defaults.payload(for: key, as: Value.self) else {
      _Diagnostics.missing(keyName(), identity: key, file: file, line: line)
    }
    return decodeForcingLazy(found, key: key, as: Value.self)
  }

  /// Reads `key` if it has a visible value.
  @inlinable
  static func lookup<Value>(_ key: UnsafeRawPointer, as _: Value.Type) -> Value? {
    let found = ims_lookup_payload(key)?.pointee ?? lookupElsewhere(key) ?? _Defaults.payload(for: key, as: Value.self)
    return found.map { decodeForcingLazy($0, key: key, as: Value.self) }
  }

  /// Decodes a payload found off the read fast path, first forcing it if a lazy
  /// declaration made it.
  @inlinable @inline(__always)
  static func decodeForcingLazy<Value>(_ payload: UInt, key: UnsafeRawPointer, as _: Value.Type) -> Value {
    _Payload.decode(_Lazy.mayBeLazy(payload) ? _Lazy.resolve(payload, key: key) : payload, as: Value.self)
  }

  /// A read in a task, on a marked thread, a lazy declaration not resolved yet, or a miss.
  @usableFromInline @inline(never)
  static func lookupElsewhere(_ key: UnsafeRawPointer) -> UInt? {
    if let task = _SwiftTask.current {
      ims_mark_runs_tasks()
      return _TaskContext.lookupPayload(key, task: task)
    }
    return ims_lookup_payload_in(ims_thread_current(), key)?.pointee
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
  /// key's name is only needed by `declareFailed`. Inlined: on a thread that runs no
  /// tasks the declaration is the C fast path in the caller.
  @inlinable @inline(__always)
  static func declareFast(
    _ key: UnsafeRawPointer, payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?, line: UInt32
  ) -> Bool {
    if _fastPath(!ims_thread_runs_tasks()), ims_thread_current().pointee.depth != 0 {
      return declareOnThread(key, payload: payload, flags: flags, file: file, line: line)
    }
    return declareSlow(key, payload: payload, flags: flags, file: file, line: line)
  }

  /// `declareFast` in a task, on a marked thread, or outside any scope.
  @usableFromInline @inline(never)
  static func declareSlow(
    _ key: UnsafeRawPointer, payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?, line: UInt32
  ) -> Bool {
    if let task = _SwiftTask.current {
      ims_mark_runs_tasks()
      return _TaskContext.declare(key, payload: payload, flags: flags, file: file, line: line, task: task)
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
      keyName, inTask: _SwiftTask.current != nil, file: file, line: line)
  }

  /// Opens a frame in the current thread's or task's context.
  @inlinable @inline(__always)
  static func pushFrame(barrier: Bool, file: StaticString, line: UInt) -> ImplicitScope {
    let cFile = file._cString
    let cLine = UInt32(truncatingIfNeeded: line)
    if let task = _SwiftTask.current {
      return pushTaskFrame(bag: nil, file: cFile, line: cLine, task: task)
    }
    return pushThreadFrame(barrier: barrier, file: cFile, line: cLine)
  }

  /// Opens a frame in the calling thread's context (created, and marked when tasks may
  /// run under it, by the thread's first scope: see the type's comment).
  @inlinable @inline(__always)
  static func pushThreadFrame(barrier: Bool, file: UnsafePointer<CChar>?, line: UInt32) -> ImplicitScope {
    let serial = ims_frame_push(ims_thread_slot(), barrier, file, line)
    return ImplicitScope(_serial: serial, owner: 0)
  }

  /// Opens a task frame; with a bag, one that sees exactly the bag's values.
  @usableFromInline @inline(never)
  static func pushTaskFrame(
    bag: Implicits?, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer
  ) -> ImplicitScope {
    ims_mark_runs_tasks()
    return _TaskContext.pushFrame(bag: bag, file: file, line: line, task: task)
  }

  /// Ends the frame of `scope`, releasing what it declared.
  @inlinable @inline(__always)
  static func endFrame(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    if scope._owner == 0, _fastPath(ims_frame_is_top(ims_thread_current(), scope._serial)),
      _fastPath(!ims_thread_runs_tasks())
    {
      unwindAndPop(ims_thread_slot())
      return
    }
    endFrameSlow(scope, file: file, line: line)
  }

  /// `endFrame` in a task, on a marked thread, and every misuse.
  @inline(never)
  @usableFromInline
  static func endFrameSlow(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    if scope._owner != 0 {
      _TaskContext.end(scope, file: file, line: line)
      return
    }
    endThreadFrameSlow(scope, file: file, line: line)
  }

  /// `endFrameSlow` for a thread's scope. Apart: its address-taken local gives a function
  /// a stack-protector check, which the task path should not pay.
  @inline(never)
  static func endThreadFrameSlow(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    if _SwiftTask.current != nil {
      _Diagnostics.endedElsewhere(createdInTask: false, file: file, line: line)
    }
    var innermost: UnsafePointer<ims_frame>?
    switch ims_frame_find(ims_thread_context(), scope._serial, &innermost) {
    case IMS_FRAME_TOP:
      unwindAndPop(ims_thread_slot())
    case IMS_FRAME_BURIED:
      _Diagnostics.endedOutOfOrder(
        innermostFile: innermost?.pointee.file, line: innermost?.pointee.line ?? 0, file: file,
        line: line)
    default:
      let otherThread = scope._serial & ~((1 << 40) - 1) != ims_thread_serial_base()
      if otherThread {
        _Diagnostics.endedElsewhere(createdInTask: false, file: file, line: line)
      }
      _Diagnostics.endedTwice(file: file, line: line)
    }
  }

  /// Pops the innermost frame of `*slot` (which must have one), releasing the values its
  /// records own.
  @inlinable @inline(__always)
  static func unwindAndPop(_ slot: UnsafeMutablePointer<UnsafeMutablePointer<ims_context>?>) {
    // An object to release, or nil once the frame is undone and closed. The first step is
    // outside the loop, so that it reuses what the caller's check loaded.
    var step = ims_frame_end_next(slot)
    while let owned = UnsafeRawPointer(bitPattern: step.release) {
      // Releasing may run a deinit that opens and closes scopes of its own; the frame is
      // consistent between steps (or closed already), so that is safe.
      Unmanaged<AnyObject>.fromOpaque(owned).release()
      if step.closed { return }
      step = ims_frame_end_next(slot)
    }
  }

  /// `scope.nested()` off the thread fast path; nil when `scope` has ended.
  @inline(__always)
  static func nested(on scope: ImplicitScope, file: StaticString, line: UInt) -> ImplicitScope? {
    let cFile = file._cString
    let cLine = UInt32(truncatingIfNeeded: line)
    if let task = _SwiftTask.current {
      ims_mark_runs_tasks()
      return _TaskContext.nested(on: scope, file: cFile, line: cLine, task: task)
    }
    guard scope._owner == 0,
      ims_frame_find(ims_thread_context(), scope._serial, nil) != IMS_FRAME_UNKNOWN
    else { return nil }
    return pushThreadFrame(barrier: false, file: cFile, line: cLine)
  }

  /// Every visible binding of the current task or thread.
  static func visibleBindings() -> [_Binding] {
    if _SwiftTask.current != nil { return _TaskContext.visibleBindings() }
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
    if _SwiftTask.current != nil { return _TaskContext.lookup(key) }
    let context = ims_thread_context()
    let index = ims_lookup_record(context, key)
    if let context, index != IMS_NONE { return _Binding(context: context, index: index) }
    return nil
  }
}
