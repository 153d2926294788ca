import ImplicitsCSupport

extension _Runtime {
  /// Captures the visible values of `keys` into a bag: on a thread, one C call copies the
  /// bindings into the bag's storage (its only allocation), then each value is retained.
  static func capture(_ keys: UnsafeBufferPointer<ImplicitKeyIdentifier>) -> Implicits {
    if swift_task_getCurrent() != nil {
      var seen = Set<ImplicitKeyIdentifier>()
      return Implicits(capturing: keys.compactMap { key in
        seen.insert(key).inserted ? binding(for: key._raw) : nil
      })
    }
    guard let context = ims_thread_context(), let base = keys.baseAddress, !keys.isEmpty else {
      return Implicits()
    }
    // An identifier is one word, the key's raw pointer: the buffer is the C key array.
    let cKeys = UnsafeRawPointer(base).assumingMemoryBound(to: UnsafeRawPointer?.self)
    let storage = _BagStorage.make(capacity: keys.count) { out in
      let count = Int(ims_capture(context, cKeys, UInt32(keys.count), out))
      for index in 0..<count { _Payload.retain(out[index].payload, flags: out[index].flags) }
      return count
    }
    return Implicits(_storage: storage.header == 0 ? nil : storage)
  }

  /// Opens a frame whose visible context is exactly `bag`. On a thread the frame borrows
  /// the bag's values and holds the bag itself: one retain, one C call for the bindings.
  @usableFromInline
  static func pushRestoring(_ bag: Implicits, file: StaticString, line: UInt) -> ImplicitScope {
    guard swift_task_getCurrent() == nil else {
      let scope = pushFrame(barrier: true, file: file, line: line)
      restoreOneByOne(bag, file: file, line: line)
      return scope
    }
    let scope = ImplicitScope(
      _serial: ims_frame_push(ims_thread_slot(), true, file._cString, UInt32(truncatingIfNeeded: line)),
      owner: 0)
    if let storage = bag._storage {
      let holder = UInt(bitPattern: Unmanaged.passRetained(storage).toOpaque())
      storage.withUnsafeMutablePointers { count, bindings in
        ims_declare_all(ims_thread_context(), bindings, UInt32(count.pointee), holder)
      }
    }
    return scope
  }

  /// Declares the bag's values one by one in the innermost scope of the current task.
  static func restoreOneByOne(_ bag: Implicits, file: StaticString, line: UInt) {
    for binding in bag._storage?.bindings ?? [] {
      _Payload.retain(binding.payload, flags: binding.flags)
      if !declareFast(
        binding.key, payload: binding.payload, flags: binding.flags, file: binding.file, line: binding.line)
      {
        declareFailed(
          payload: binding.payload, flags: binding.flags, keyName: _KeyNames.name(of: binding.key),
          file: file, line: line)
      }
    }
  }
}
