import ImplicitsCSupport

/// The Swift concurrency runtime's task entry points the async path uses, declared in
/// `ImplicitsTaskSupport.h` with the runtime's calling convention.
@usableFromInline
enum _SwiftTask {
  /// The task running on this thread, or nil.
  /// Inlinable: the caller calls the runtime itself (a scope opened outside any frame
  /// asks, and a wrapper's call and frame cost more than the answer).
  @inlinable
  static var current: UnsafeMutableRawPointer? { swift_task_getCurrent() }

  /// What a task scope records as its owner (`ims_task_identity`): the task's id, which
  /// the runtime takes from a process-wide 64-bit counter, so no later task has it (a
  /// task's address is reused once it is freed).
  static func identity(of task: UnsafeMutableRawPointer) -> UInt64 { ims_task_identity(task) }
}
