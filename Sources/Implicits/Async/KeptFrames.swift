import ImplicitsCSupport

/// Frames `end()` unlinked while the child task of an `async let` started inside the scope
/// was still running (verified layout only).
///
/// Swift awaits an `async let` when its block ends, which in correct code may come after
/// the scope's `end()`: `async let a`, `async let b`, `a` throws, the `catch` handles it and
/// ends the scope while `b` still runs. The child reads the frame in place (its task-local
/// chain links to the parent's item), so `end()` unlinks the frame — the owner, and tasks
/// it creates later, no longer see its values — and keeps it, item and values, until the
/// children are done. The item is the library's (`ims_task_item_alloc`), not the task
/// allocator's, so keeping it breaks no allocation order.
///
/// Only the owner can tell that the children are done: their `async let` records are its
/// own status records, read while it runs. It looks each time it ends a scope, and when
/// it opens one with none of its own open (`reclaim`). A task that does neither again
/// leaves its frames until a task allocated at its address does, which shows the owner
/// ended (ids are never reused), and its `async let` children before it. Until then its
/// values stay retained. Nothing sooner is sound with what the runtime exports: no entry
/// point runs library code when a child or the owner finishes, and an item of the
/// library's left in a task's chain when it finishes is freed by the runtime with the
/// task's allocator, which stops the process.
enum _KeptFrames {
  /// Keeps `frame`, unlinked by `end()` in its owner, for the children of ids up to
  /// `waitedChildID`.
  static func keep(_ frame: _FrameRef, waitedChildID: UInt64) {
    ims_task_frame_mark_kept(frame.frame, waitedChildID)
    ims_kept_frame_add(frame.frame)
  }

  /// Frees the frames kept for `task` (the current one) whose children are done, and those
  /// of an ended task that lived at its address. One load and two compares when there are
  /// none, whatever other tasks keep.
  /// Returns whether it looked (and may have run deinits).
  @inline(__always) @discardableResult
  static func reclaim(in task: UnsafeMutableRawPointer, _ offsets: _TaskLayout.Offsets?) -> Bool {
    guard _slowPath(ims_task_has_kept_frames(task)), let offsets else { return false }
    reclaimSlow(task, offsets)
    return true
  }

  @inline(never)
  private static func reclaimSlow(_ task: UnsafeMutableRawPointer, _ offsets: _TaskLayout.Offsets) {
    let identity = _SwiftTask.identity(of: task)
    var next = ims_kept_frames_take(task)
    while let frame = next {
      next = frame.pointee.next_kept
      frame.pointee.next_kept = nil
      let running =
        frame.pointee.owner_id == identity
        && _TaskLayout.childrenRunning(
          upTo: frame.pointee.waited_child_id, since: frame.pointee.record_mark, of: task, offsets)
      // Freed outside the table's lock: a deinit run by the releases may open a scope.
      if running { ims_kept_frame_add(frame) } else { _TaskFrame.free(_FrameRef(UnsafeMutableRawPointer(frame))) }
    }
  }
}
