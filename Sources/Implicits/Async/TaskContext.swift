import ImplicitsCSupport

/// Implicit values of code running in a task.
///
/// A task's values follow it across threads and are inherited by the child tasks it
/// creates, so each scope opened in a task binds one `_TaskFrame` as a task-local value
/// (pushed by the scope's creation, popped by its `end()`). Declarations go into the
/// innermost frame the task opened; reads look at the innermost frame only, which holds
/// or has sealed everything visible below it. No lock, no dictionary: child tasks read
/// frames that only grow while they can see them, and copies retain what they carry.
enum _TaskContext {
  // MARK: Reads

  /// The payload of the visible binding of `key` in the current task, `task`.
  @inline(__always)
  static func lookupPayload(_ key: UnsafeRawPointer, task: UnsafeMutableRawPointer) -> UInt? {
    guard let frame = _FrameRef.innermost(in: task, _TaskLayout.offsets) else { return nil }
    return frame.find(key)?.pointee.bits
  }

  /// The visible binding of `key`, type-erased (bag capture).
  static func lookup(_ key: UnsafeRawPointer) -> _Binding? {
    guard let frame = _FrameRef.innermost, let found = frame.find(key) else { return nil }
    return found.pointee.erased(frameDepth: frame.depth)
  }

  static func visibleBindings() -> [_Binding] {
    _FrameRef.innermost?.visibleBindings() ?? []
  }

  // MARK: Frames and declarations

  /// Opens a frame on top of what the task sees: its own frames or inherited ones.
  /// A bag's frame (`barrier`) sees only the bag.
  static func pushFrame(
    bag: Implicits?, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer
  ) -> ImplicitScope {
    let offsets = _TaskLayout.offsets
    let top = topForOpening(in: task, offsets)
    // No `if let`: binding the bag would copy it.
    if bag == nil { return push(on: top, file: file, line: line, task: task, offsets) }
    // A bag's frame sees only the bag, whose map it holds (the bag may go first).
    let map = (bag?._storage?.taskMap).map { Unmanaged.passRetained($0).toOpaque() }
    let serial = ims_task_serial_next()
    let ownerID = ownerID(of: task, top: top)
    _TaskFrame.push(
      owner: task, ownerID: ownerID, offsets, serial: serial, top: top, file: file, line: line, base: map,
      baseOwned: true)
    return ImplicitScope(_serial: serial, owner: ownerID)
  }

  /// The innermost frame of `task`, which is opening a scope. When it is not the task's own
  /// (the task has no scope open), the frames it kept for `async let` children now done are
  /// freed first; a task with a scope open frees them when it ends one.
  @inline(__always)
  private static func topForOpening(in task: UnsafeMutableRawPointer, _ offsets: _TaskLayout.Offsets?) -> _FrameRef? {
    let top = _FrameRef.innermost(in: task, offsets)
    if top?.owner == task { return top }
    // Read again after freeing: a deinit run by the frees may open and end scopes.
    return _KeptFrames.reclaim(in: task, offsets) ? _FrameRef.innermost(in: task, offsets) : top
  }

  /// The identity of `task` (`_SwiftTask.identity`), from `top` when it is the task's own.
  @inline(__always)
  private static func ownerID(of task: UnsafeMutableRawPointer, top: _FrameRef?) -> UInt64 {
    if let top, top.owner == task { return top.ownerID }
    return _SwiftTask.identity(of: task)
  }

  @inline(__always)
  private static func push(
    on top: _FrameRef?, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer,
    _ offsets: _TaskLayout.Offsets?
  ) -> ImplicitScope {
    let serial = ims_task_serial_next()
    let ownerID = ownerID(of: task, top: top)
    let base = top?.sealed(ownedBy: task)
    _TaskFrame.push(
      owner: task, ownerID: ownerID, offsets, serial: serial, top: top, file: file, line: line,
      base: base?.map, baseOwned: base?.owned ?? false)
    return ImplicitScope(_serial: serial, owner: ownerID)
  }

  /// `scope.nested()` in a task: a frame on top of the innermost one, after checking that
  /// `scope` may be nested on (open in this task, or a scope of another task: a child
  /// nests on its parent's scopes). nil when `scope` is a task's own ended scope.
  @inline(__always)
  static func nested(
    on scope: ImplicitScope, file: UnsafePointer<CChar>?, line: UInt32,
    task: UnsafeMutableRawPointer
  ) -> ImplicitScope? {
    let offsets = _TaskLayout.offsets
    let top = topForOpening(in: task, offsets)
    if top?.serial != scope._serial, ownerID(of: task, top: top) == scope._owner {
      guard let found = find(scope._serial, from: top, task: task), found != IMS_FRAME_UNKNOWN
      else { return nil }
    }
    return push(on: top, file: file, line: line, task: task, offsets)
  }

  /// Declares a +1 payload in the current task's innermost scope; false, having taken
  /// nothing, when the task has none open (scopes inherited from a parent are read-only).
  @inline(__always)
  static func declare(
    _ key: UnsafeRawPointer, payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?, line: UInt32,
    task: UnsafeMutableRawPointer
  ) -> Bool {
    guard let frame = _FrameRef.innermost(in: task, _TaskLayout.offsets), frame.owner == task else { return false }
    frame.declare(_TaskBinding(key: key, owning: payload, flags: flags, file: file, line: line))
    return true
  }

  /// Where `serial` is among the frames `task` opened, from `top` down; nil when `top` is
  /// not the task's own.
  static func find(_ serial: UInt64, from top: _FrameRef?, task: UnsafeMutableRawPointer)
    -> ims_frame_status?
  {
    guard let top, top.owner == task else { return nil }
    if top.serial == serial { return IMS_FRAME_TOP }
    var cursor = top.parent
    while let frame = cursor, frame.owner == task {
      if frame.serial == serial { return IMS_FRAME_BURIED }
      cursor = frame.parent
    }
    return IMS_FRAME_UNKNOWN
  }

  @inline(__always)
  static func end(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    guard let task = _SwiftTask.current else {
      _Diagnostics.endedElsewhere(createdInTask: true, file: file, line: line)
    }
    let offsets = _TaskLayout.offsets
    // Serials are never reused, and a frame is its owner's only while that task lives (a
    // copy has none): the frame on top is the scope's, in the task that opened it.
    guard let top = _FrameRef.innermost(in: task, offsets), top.serial == scope._serial, top.owner == task else {
      endedNotInnermost(scope, task: task, file: file, line: line)
    }
    // Destroys the frame: releases what it declared unless a copy (a `Task {}` child)
    // still holds it.
    switch _TaskFrame.pop(top, of: task, offsets) {
    case .unlinked:
      // Ending a scope (or opening one with none open) is when the task frees what it kept
      // for `async let` children now done.
      _KeptFrames.reclaim(in: task, offsets)
      return
    case .workAlive: _Diagnostics.endedWhileChildWorkRuns(file: file, line: line)
    case .asyncLetRunning: _Diagnostics.endedWhileAsyncLetRunsOnEntryPoints(file: file, line: line)
    case .unknownRecord(let kind): _Diagnostics.endedWithUnknownTaskRecord(kind: kind, file: file, line: line)
    case .openerReturned:
      _Diagnostics.endedAfterCreatorReturned(createdFile: top.file, line: top.line, file: file, line: line)
    }
  }

  /// `end()` of a scope that is not the task's innermost frame.
  @inline(never)
  private static func endedNotInnermost(
    _ scope: ImplicitScope, task: UnsafeMutableRawPointer, file: StaticString, line: UInt
  ) -> Never {
    let top = _FrameRef.innermost(in: task, _TaskLayout.offsets)
    if find(scope._serial, from: top, task: task) == IMS_FRAME_BURIED {
      _Diagnostics.endedOutOfOrder(innermostFile: top!.file, line: top!.line, file: file, line: line)
    }
    if _SwiftTask.identity(of: task) != scope._owner {
      _Diagnostics.endedElsewhere(createdInTask: true, file: file, line: line)
    }
    _Diagnostics.taskScopeNotOpen(file: file, line: line)
  }
}
