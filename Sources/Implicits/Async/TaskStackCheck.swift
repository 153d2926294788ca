import ImplicitsCSupport

/// Whether a frame's binding is the last allocation of the task's stack allocator, so
/// that popping it is allowed.
///
/// The runtime aborts ("freed pointer was not the last allocation") when a task-local
/// binding is popped while something allocated after it is alive: an `async let` or a
/// task group started inside the scope, or a `TaskLocal.withValue` around the `end()`.
/// Ending a scope then is a mistake we must name instead. The allocator keeps, in front of
/// each allocation, a header whose first word points to the previous allocation's header:
/// allocating a probe and reading that word tells what the last allocation is.
///
/// That header layout is the runtime's, not a public contract, so it is verified once per
/// process on allocations whose order is known; if it does not hold (another runtime, or
/// the allocator replaced by malloc for debugging) the check answers "yes" and the
/// runtime's own abort remains the backstop.
enum _TaskStack {
  /// The allocator's header size: two pointers, rounded to its 16-byte alignment.
  private static let headerSize = 16
  /// Where a binding's value starts in its allocation: after `next`, `key` and `valueType`.
  private static let bindingValueOffset = 3 * MemoryLayout<UnsafeRawPointer>.size

  /// Whether the binding whose value is at `storage` is the last allocation of the task.
  static func isLastAllocation(bindingStorage storage: UnsafeMutableRawPointer) -> Bool {
    guard layoutIsKnown() else { return true }
    let probe = swift_task_alloc(1)!
    let last = previousAllocation(of: probe)
    swift_task_dealloc(probe)
    return last == storage - bindingValueOffset
  }

  private static func previousAllocation(of pointer: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    (pointer - headerSize).load(as: UnsafeMutableRawPointer?.self).map { $0 + headerSize }
  }

  /// 0: not checked yet, 1: verified, 2: differs (check disabled).
  private static func layoutIsKnown() -> Bool {
    switch ims_task_stack_layout() {
    case 1: return true
    case 2: return false
    default:
      let verified = verifyLayout()
      ims_set_task_stack_layout(verified ? 1 : 2)
      return verified
    }
  }

  /// Binds a probe value and allocates twice after it: each allocation must point back
  /// to the one before, and the binding's value must sit where we expect it.
  private static func verifyLayout() -> Bool {
    var probeValue: UInt = 0x5EED
    swift_task_localValuePush(
      _Payload.typeIdentity(_ProbeKey.self), &probeValue, _Payload.typeIdentity(UInt.self))
    defer { swift_task_localValuePop() }
    guard let storage = swift_task_localValueGet(_Payload.typeIdentity(_ProbeKey.self)),
      storage.load(as: UInt.self) == 0x5EED
    else { return false }
    let first = swift_task_alloc(1)!
    let second = swift_task_alloc(1)!
    let verified =
      previousAllocation(of: second) == first
      && previousAllocation(of: first) == storage - bindingValueOffset
    swift_task_dealloc(second)
    swift_task_dealloc(first)
    return verified
  }
}

private enum _ProbeKey {}
