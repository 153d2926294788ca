import ImplicitsCSupport

extension _Runtime {
  /// Captures the visible values of `keys` into a bag. On a thread (the precedence rule of
  /// `declareFast`: an open context not marked `runs_tasks` is used without asking for the
  /// current task), one C call copies the bindings into the bag's storage (its only
  /// allocation), then the bag takes a reference to each value.
  @usableFromInline
  static func capture(_ keys: UnsafeBufferPointer<ImplicitKeyIdentifier>) -> Implicits {
    let context = ims_thread_current()
    if _fastPath(!ims_thread_runs_tasks()), context.pointee.depth != 0 {
      return captureOnThread(context, keys)
    }
    return captureSlow(keys)
  }

  /// `capture` in a task, on a marked thread, or outside any scope.
  @inline(never)
  static func captureSlow(_ keys: UnsafeBufferPointer<ImplicitKeyIdentifier>) -> Implicits {
    if _SwiftTask.current != nil {
      ims_mark_runs_tasks()
      var seen = Set<ImplicitKeyIdentifier>()
      return Implicits(capturing: keys.compactMap { key in
        seen.insert(key).inserted ? binding(for: key._raw) : nil
      })
    }
    guard let context = ims_thread_context() else { return Implicits() }
    return captureOnThread(context, keys)
  }

  /// Captures from `context`, which has an open frame.
  @inline(__always)
  static func captureOnThread(
    _ context: UnsafeMutablePointer<ims_context>, _ keys: UnsafeBufferPointer<ImplicitKeyIdentifier>
  ) -> Implicits {
    guard let base = keys.baseAddress, !keys.isEmpty else { return Implicits() }
    // An identifier is one word, the key's raw pointer: the buffer is the C key array.
    let cKeys = UnsafeRawPointer(base).assumingMemoryBound(to: UnsafeRawPointer?.self)
    let storage = _BagStorage.make(capacity: keys.count)
    let count = storage.withUnsafeMutablePointers { header, bindings in
      let count = ims_capture(context, cKeys, keys.count, bindings)
      header.pointee.count = count
      for binding in UnsafeBufferPointer(start: bindings, count: count) {
        _ = _BagStorage.object(of: binding)?.retain()
      }
      return count
    }
    return Implicits(_storage: count == 0 ? nil : storage)
  }

  /// Opens a frame whose visible context is exactly `bag`. `bag` is never nil (an
  /// optional only so that the caller need not copy it out). On a thread, one C call
  /// (`ims_thread_push_bag`): a bag restored before points the context at its own table,
  /// O(1); otherwise its bindings are copied in. Either way the records borrow the bag's
  /// values and the frame holds the bag (the one reference taken here, handed to C as it
  /// is): no retain or release per value. Inlined: a call taking the bag would add a copy
  /// of its own.
  @inlinable @inline(__always)
  static func pushRestoring(_ bag: Implicits?, file: StaticString, line: UInt) -> ImplicitScope {
    let cFile = file._cString
    let cLine = UInt32(truncatingIfNeeded: line)
    if let task = _SwiftTask.current {
      // In a task the bag's values are the frame's base map: no declaration at all.
      return pushTaskFrame(bag: bag, file: cFile, line: cLine, task: task)
    }
    // Read before the bag is: a call the optimiser cannot see into, between taking the
    // bag's reference and handing it on, would make it keep a copy of the bag.
    let context = ims_thread_current()
    guard let storage = bag.unsafelyUnwrapped._storage else {
      return pushThreadFrame(barrier: true, file: cFile, line: cLine)
    }
    let holder = UInt(bitPattern: Unmanaged.passRetained(storage).toOpaque())
    return ImplicitScope(_serial: ims_thread_push_bag(context, holder, cFile, cLine), owner: 0)
  }
}
