import ImplicitsCSupport

/// Two words of the current task that the async path reads instead of asking the runtime:
/// the head of its task-local item stack, and the last allocation of its stack allocator.
///
/// Reading, opening, declaring into and ending a task scope each need the task's
/// innermost frame, and `end()` must know that popping it is allowed: the runtime aborts ("freed pointer
/// was not the last allocation") when a task-local binding is popped while something
/// allocated after it is alive (an `async let` or task group started inside the scope, an
/// `async` function called after it, a `TaskLocal.withValue` around the `end()`). Ending
/// a scope then is a mistake we must name instead. `swift_task_localValueGet` and a probe
/// allocation answer both, at about 50 and 150 instructions; two loads answer them here.
///
/// Where those words are is the runtime's layout, not a public contract, so it is found
/// and checked once per process by binding probe values and allocating probes whose order
/// is known (`verify`). If it does not hold (another runtime, or the allocator replaced by
/// malloc for debugging) the async path uses the runtime's entry points only, and the
/// runtime's own abort remains the backstop for the misuse above.
///
/// A task-local item is `[next | flags, key, value type, value…]`. The runtime allocates
/// its items with the task's allocator, which puts a two-word header (`previous`, slab) in
/// front of each allocation; a frame's item, where the layout is verified, comes from the
/// library's item cache instead (`beginItem`), so that a scope left open cannot break the
/// allocator's order.
@usableFromInline
enum _TaskLayout {
  /// How far into the task `verify` looks for the two words.
  private static let searchedWords = 40

  /// Where the words are in a task.
  struct Offsets {
    let head: Int
    let lastAllocation: Int
    /// The newest status record (`end()`'s check, and whether a frame opens in a task
    /// group's body): a layout where it is not found is not used.
    let records: Int
  }

  /// The verified offsets, or nil when the layout differs. An atomic load (never merged
  /// with another): operations load it once and pass it on.
  @inline(__always)
  static var offsets: Offsets? {
    var word = _TaskLayoutWord.published
    if _slowPath(word == .unverified) { word = verifyOnce() }
    if word.usesEntryPoints { return nil }
    return Offsets(head: word.head, lastAllocation: word.lastAllocation, records: word.records)
  }

  /// The verified offsets, also where bindings go through the runtime's entry points
  /// because the environment asks for them: read-only there, for `end()`'s look at the
  /// status records (an `async let` or task group started inside the scope whose children
  /// would read the frame after the runtime freed it). nil when the layout differs.
  static var readableOffsets: Offsets? {
    var word = _TaskLayoutWord.published
    if _slowPath(word == .unverified) { word = verifyOnce() }
    guard word.hasOffsets else { return nil }
    return Offsets(head: word.head, lastAllocation: word.lastAllocation, records: word.records)
  }

  /// The current task's newest status record, where the layout is readable.
  @inline(__always)
  static func newestRecord(of task: UnsafeMutableRawPointer, _ offsets: Offsets) -> UnsafeMutableRawPointer? {
    (task + offsets.records).load(as: UnsafeMutableRawPointer?.self)
  }

  /// What the innermost item of the current task tells about the innermost binding of a
  /// key.
  enum HeadLookup {
    /// The task binds nothing at all.
    case noBindings
    /// The innermost item binds the key; its value is here.
    case value(UnsafeMutableRawPointer)
    /// Something else is innermost, or the layout is unknown: ask the runtime.
    case unknown
  }

  /// The value bound by the innermost item of `task` (which must be the current one) when
  /// that item binds `key`. In a child task (`async let`, a task-group child) that has bound
  /// nothing of its own, the innermost item is a marker linking to the parent's items as
  /// they were when the child was created: the item it links to is the one looked at.
  @inline(__always)
  static func headValue(of task: UnsafeMutableRawPointer, _ offsets: Offsets?, boundTo key: UnsafeRawPointer) -> HeadLookup {
    guard let offsets else { return .unknown }
    guard let newest = (task + offsets.head).load(as: UnsafeMutableRawPointer?.self) else { return .noBindings }
    let item = _TaskLocalItem(newest)
    let link = item.link
    if _fastPath(link.isValue) { return item.key == key ? .value(item.value) : .unknown }
    return valueLinked(by: link, boundTo: key).map(HeadLookup.value) ?? .unknown
  }

  /// `headValue` when the innermost item is a marker.
  @inline(never)
  private static func valueLinked(by link: _TaskLocalItem.Link, boundTo key: UnsafeRawPointer)
    -> UnsafeMutableRawPointer?
  {
    guard link.isParentMarker, let next = link.next else { return nil }
    let item = _TaskLocalItem(next)
    guard item.link.isValue, item.key == key, markersFollowed(value: item.value, key: key) else { return nil }
    return item.value
  }

  /// Whether following a parent marker to `value` (a binding of `key`) is known to agree
  /// with the runtime's lookup: checked against `swift_task_localValueGet` the first time,
  /// in the task that met the marker (which must be the current one).
  private static func markersFollowed(value: UnsafeMutableRawPointer, key: UnsafeRawPointer) -> Bool {
    let markers = _TaskLayoutWord.published.markers
    if _fastPath(markers == .agrees) { return true }
    if markers != .notYet { return false }
    let agrees = swift_task_localValueGet(key) == value
    _TaskLayoutWord.publishMarkers(agrees ? .agrees : .differs)
    return agrees
  }

  /// A task-local item being pushed by `beginItem`, linked by `link`.
  struct NewItem {
    let item: UnsafeMutableRawPointer
    let head: UnsafeMutableRawPointer
    /// The task allocator's last allocation now (for the frame's `allocation_mark`).
    let allocationMark: UnsafeMutableRawPointer?
    /// The task's newest status record now (for the frame's `record_mark`).
    let recordMark: UnsafeMutableRawPointer?
    /// Where the bound value is initialised.
    var value: UnsafeMutableRawPointer { _TaskLocalItem(item).value }
  }

  /// Allocates an item for a frame of `task` (the current one) from the thread's item
  /// cache (`ims_task_item_alloc`, outside the task allocator: see ImplicitsTaskSupport.h)
  /// and fills its header.
  ///
  /// The header is what `swift_task_localValuePush` writes, including whether the binding
  /// is made in a task group's body (bindings made there are copied into the group's
  /// children; a binding not marked is read in place by them, so a scope ended right after
  /// `addTask` would release what they read). The runtime answers that under the task's
  /// status lock, about 210 instructions, by looking for a task group's record among the
  /// task's status records; `inGroupBody` looks at the same list. Nothing else tells: in
  /// a release build a group's body is inlined and the group lives in the caller's async
  /// frame, so a body can begin with no allocation and no new binding.
  @inline(__always)
  static func beginItem(
    of task: UnsafeMutableRawPointer, _ offsets: Offsets, key: UnsafeRawPointer, type: UnsafeRawPointer
  ) -> NewItem {
    let head = task + offsets.head
    let last = (task + offsets.lastAllocation).load(as: UnsafeMutableRawPointer?.self)
    let previous = head.load(as: UnsafeMutableRawPointer?.self)
    let records = newestRecord(of: task, offsets)
    let item = _TaskLocalItem(ims_task_item_alloc()!)
    item.link = _TaskLocalItem.Link(next: previous, groupBitOf: .groupBit(inGroupBody(records)))
    item.key = key
    item.valueType = type
    return NewItem(item: item.address, head: head, allocationMark: last, recordMark: records)
  }

  /// Whether the current task's status records, from `newest`, hold a task group's: what
  /// `swift_task_hasTaskGroupStatusRecord` answers (it walks the same list for the same
  /// kind under the task's status lock, which keeps other threads' readers out; only the
  /// task itself adds and removes its records, so while it runs the list holds still). The
  /// first "yes" in the process is checked against the runtime's answer; if the two ever
  /// differ, the runtime is asked from then on.
  @inline(__always)
  static func inGroupBody(_ newest: UnsafeMutableRawPointer?) -> Bool {
    hasGroupRecord(newest) && groupRecordFound()
  }

  @inline(__always)
  private static func hasGroupRecord(_ newest: UnsafeMutableRawPointer?) -> Bool {
    var record = newest
    while let current = record {
      let status = _TaskStatusRecord(current)
      if status.kind == taskGroupRecordKind { return true }
      record = status.parent
    }
    return false
  }

  /// `inGroupBody` found a group's record.
  @inline(__always)
  private static func groupRecordFound() -> Bool {
    if _fastPath(_TaskLayoutWord.published.groupRecords == .agrees) { return true }
    return checkGroupRecord()
  }

  @inline(never)
  private static func checkGroupRecord() -> Bool {
    let runtime = swift_task_hasTaskGroupStatusRecord()
    if _TaskLayoutWord.published.groupRecords == .notYet {
      _TaskLayoutWord.publishGroupRecords(runtime ? .agrees : .differs)
    }
    return runtime
  }

  /// Makes `new`, its value initialised, the task's newest binding.
  @inline(__always)
  static func link(_ new: NewItem) {
    new.head.storeBytes(of: new.item, as: UnsafeMutableRawPointer.self)
  }

  /// Whether `frame`, of `task` (the current one), may be unlinked now: it is the task's
  /// newest binding and everything the task allocated since it opened is freed.
  static func mayUnlink(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets) -> Bool {
    endCheck(frame, of: task, offsets) != IMS_TASK_FRAME_END_WORK_ALIVE
  }

  @inline(__always)
  private static func endCheck(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets)
    -> ims_task_frame_end
  {
    ims_task_frame_end_check(
      frame.frame, task.assumingMemoryBound(to: CChar.self), offsets.head, offsets.lastAllocation,
      offsets.records)
  }

  /// What ending a frame found.
  enum Unlink: Equatable {
    /// Unlinked: the frame is to be destroyed and its item freed.
    case unlinked
    /// Something bound or allocated inside the scope is alive, or the task is in the body
    /// of a task group created inside the scope: nothing done.
    case workAlive
    /// The child task of an `async let` started inside the scope is still running (Swift
    /// awaits it when its block ends, which may come after the `end()`), and nothing else
    /// added since the scope opened may read it. `waitedChildID` is the largest task id
    /// among such children: what a kept frame waits for (`_KeptFrames`). Nothing done.
    case asyncLetRunning(waitedChildID: UInt64)
    /// A status record of a kind this library does not know was added since the scope
    /// opened: nothing done (it cannot tell whether a child task reads the frame).
    case unknownRecord(kind: UInt)
    /// The frame is the task's newest binding, but the allocation that was the task's last
    /// when it opened is freed: the async function (or other allocating work) the scope was
    /// opened in has returned since. Nothing done.
    case openerReturned
  }

  /// Why `end()` found work alive (`IMS_TASK_FRAME_END_WORK_ALIVE`), for its message: the
  /// allocation that was the task's last when `frame` opened is still on the allocator's
  /// chain (work started inside the scope runs), or it is not (what ran when the scope
  /// opened has returned). Walks the live allocations, newest first: misuse only.
  @inline(never)
  static func workAliveOrOpenerReturned(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets)
    -> Unlink
  {
    let newest = (task + offsets.head).load(as: UnsafeMutableRawPointer?.self)
    guard newest == _TaskLocalItem(value: frame.storage).address, let mark = frame.frame.pointee.allocation_mark
    else { return .workAlive }
    var allocation = (task + offsets.lastAllocation).load(as: UnsafeMutableRawPointer?.self)
    while let header = allocation {
      if header == mark { return .workAlive }
      allocation = _TaskAllocationHeader(address: header).previous
    }
    return .openerReturned
  }

  /// Unlinks `frame`'s item when `mayUnlink` allows it and the status records added since
  /// the frame opened hold nothing that may still read it, or only `async let` children
  /// still running (`.asyncLetRunning`: the caller keeps the frame for them).
  @inline(__always)
  static func unlinkNewest(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets) -> Unlink {
    let check = endCheck(frame, of: task, offsets)
    if _slowPath(check != IMS_TASK_FRAME_END_FREE) {
      if check == IMS_TASK_FRAME_END_WORK_ALIVE { return workAliveOrOpenerReturned(frame, of: task, offsets) }
      let found = recordsSinceOpened(frame, of: task, offsets)
      if case .asyncLetRunning = found {
        // Unlinked all the same: the frame is kept for the child (`_TaskFrame.pop`).
        unlink(frame, of: task, offsets)
        return found
      }
      if found != .unlinked { return found }
    }
    unlink(frame, of: task, offsets)
    return .unlinked
  }

  @inline(__always)
  private static func unlink(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets) {
    let item = _TaskLocalItem(value: frame.storage)
    (task + offsets.head).storeBytes(of: item.link.next, as: UnsafeMutableRawPointer?.self)
  }

  /// What the status records `task` (the current one) added since `frame` opened say about
  /// ending it (`recordsSince`). Also asked on the runtime-entry-points path, where the
  /// layout is readable, before the runtime pops the frame.
  static func recordsSinceOpened(_ frame: _FrameRef, of task: UnsafeMutableRawPointer, _ offsets: Offsets) -> Unlink {
    recordsSince(newestRecord(of: task, offsets), downTo: frame.frame.pointee.record_mark, of: task, offsets)
  }

  /// The runtime's status record kinds (`TaskStatusRecordKind`): a child task (an `async
  /// let`'s), a task group, and those that read no task-local value: cancellation and
  /// escalation handlers, a task dependency, an executor preference, a task name.
  static let childTaskRecordKind: UInt = 1
  private static let taskGroupRecordKind: UInt = 2
  private static let recordKindsReadingNoTaskLocal: ClosedRange<UInt> = 3...7

  /// What the task's status records from `newest` down to `mark` (those added since a
  /// frame opened) say about ending the frame: `.unlinked` when none may still read it.
  ///
  /// An `async let` adds a child-task record to its parent (`[flags, parent record, child
  /// task, child task | flags, …]`), removed when its block ends, awaited or not; the child
  /// word must repeat in the flag word and name a task the runtime says was created after
  /// `task` (the current one), or the record is not trusted (`.unknownRecord`). Its child
  /// reads the frame until it finishes: an `async let` whose result was stored is done, and
  /// one awaited with an error (or never awaited) is done once its child task finished,
  /// which destroys the child's task-local items and clears their head (the verified
  /// offset, the same in every task). A task group's record means the task is in the body
  /// of a group created inside the scope, whose children read the frame. Anything else
  /// that is not known to read no task-local value answers `.unknownRecord`: the walk never
  /// proceeds on a guess. Only the task itself adds or removes its records while it runs,
  /// and the child task an `async let`'s record names lives as long as the record.
  @inline(never)
  static func recordsSince(
    _ newest: UnsafeMutableRawPointer?, downTo mark: UnsafeMutableRawPointer?, of task: UnsafeMutableRawPointer,
    _ offsets: Offsets
  ) -> Unlink {
    var record = newest
    var waitedChildID: UInt64 = 0
    // A list that no longer reaches `mark` (a record below it was removed) is walked to its
    // end: every record added since the frame opened is still on it.
    while let current = record, current != mark {
      let status = _TaskStatusRecord(current)
      let kind = status.kind
      switch kind {
      case childTaskRecordKind:
        // The child word is checked against the runtime: it names a task created after this one.
        guard let child = status.child, status.childMatchesFlagWord, ims_task_created_after(child, task) else {
          return .unknownRecord(kind: kind)
        }
        if status.hasResult {
          witnessFinished(child, offsets)
        } else if !finishedWithoutResult(child, offsets) {
          // Walked on: a group's record or an unknown one further down still decides.
          waitedChildID = max(waitedChildID, swift_task_getJobTaskId(child))
        }
      case taskGroupRecordKind:
        return .workAlive
      case recordKindsReadingNoTaskLocal:
        break
      default:
        return .unknownRecord(kind: kind)
      }
      record = status.parent
    }
    return waitedChildID == 0 ? .unlinked : .asyncLetRunning(waitedChildID: waitedChildID)
  }

  /// Whether a child task whose id is at most `waitedChildID`, of an `async let` whose
  /// record `task` (the current one) added since `mark`, may still be running: what a kept
  /// frame waits for. A record it cannot read as an `async let`'s counts as running.
  static func childrenRunning(
    upTo waitedChildID: UInt64, since mark: UnsafeMutableRawPointer?, of task: UnsafeMutableRawPointer,
    _ offsets: Offsets
  ) -> Bool {
    var record = newestRecord(of: task, offsets)
    while let current = record, current != mark {
      let status = _TaskStatusRecord(current)
      if status.kind == childTaskRecordKind {
        guard let child = status.child, status.childMatchesFlagWord else { return true }
        if swift_task_getJobTaskId(child) <= waitedChildID, !status.hasResult,
          !finishedWithoutResult(child, offsets)
        {
          return true
        }
      }
      record = status.parent
    }
    return false
  }

  /// Whether `task`, another task than the current one, finished: its task-local items are
  /// destroyed (the runtime clears their head before it completes the task). A child task
  /// created inside a frame has at least the marker linking it to its parent's items
  /// until then.
  static func finished(_ task: UnsafeMutableRawPointer, _ offsets: Offsets) -> Bool {
    ims_load_acquire_ptr((task + offsets.head).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)) == nil
  }

  /// An `async let`'s child whose result the runtime stored has finished, by the runtime's
  /// own account: a witness, in the program's own tasks, that a finished child's head is
  /// cleared (and that the record's child word is the task), beside the probe's
  /// (`FinishedChildProbe`). One that finds a head still set publishes `differs`.
  private static func witnessFinished(_ child: UnsafeMutableRawPointer, _ offsets: Offsets) {
    let checked = _TaskLayoutWord.published.finishedChildren
    if checked.contradicted { return }
    let cleared = finished(child, offsets)
    if checked == .agrees && cleared { return }
    _TaskLayoutWord.publishFinishedChildren(cleared ? .agrees : .differs)
  }

  /// Whether an `async let`'s child whose result was not stored (it threw, was cancelled, or
  /// was never awaited explicitly) finished: its head is cleared, and the probe the layout's
  /// verification started (`FinishedChildProbe`) found a finished child's head cleared on
  /// this runtime, and no witness since contradicted it (`witnessFinished`). Otherwise
  /// `end()` reports the `async let` rather than guess. An answer not published yet is
  /// waited for: the probe started before the layout was published, so it is on its way.
  private static func finishedWithoutResult(_ child: UnsafeMutableRawPointer, _ offsets: Offsets) -> Bool {
    guard finished(child, offsets) else { return false }
    if _slowPath(_TaskLayoutWord.published.finishedChildren == .notYet) { FinishedChildProbe.waitForAnswer() }
    return _TaskLayoutWord.published.finishedChildren == .agrees
  }

  /// Verifies the layout and publishes the result with a compare-and-swap: the first
  /// result published is the one every task uses (two tasks verifying at once find the
  /// same words, or one finds none and the other's verified result may win). Callers are
  /// in a task; outside one nothing can be verified, so nothing is published.
  @inline(never)
  private static func verifyOnce() -> _TaskLayoutWord {
    guard let task = _SwiftTask.current else { return .entryPointsOnly }
    checkSlotLayout()
    // Without the runtime's task-group question or the executor-preference records that
    // find the status records (an older OS runtime), items cannot be linked by the
    // library: the runtime's push asks the question itself.
    guard ims_task_layout_entry_points_available() else { return _TaskLayoutWord.entryPointsOnly.publishFirst() }
    guard
      let verified = verify(task).map({
        _TaskLayoutWord(head: $0.head, lastAllocation: $0.lastAllocation, records: $0.records)
      })
    else { return _TaskLayoutWord.entryPointsOnly.publishFirst() }
    // Asked for the entry points, the library binds through them but keeps the verified
    // offsets to read the status records: `end()` still sees an `async let` not awaited.
    let published =
      ims_task_layout_disabled_by_environment()
      ? verified.bindingThroughEntryPoints.publishFirst() : verified.publishFirst()
    // Before any `end()` takes a cleared head as a finished child (`finishedWithoutResult`).
    if published.hasOffsets {
      FinishedChildProbe.run(
        Offsets(head: published.head, lastAllocation: published.lastAllocation, records: published.records))
    }
    return published
  }

  /// Task frames keep `_TaskBinding`s in C slots that the frame's value witnesses
  /// release: the two layouts must agree.
  private static func checkSlotLayout() {
    guard MemoryLayout<_TaskBinding>.size == MemoryLayout<ims_task_slot>.size,
      MemoryLayout<_TaskBinding>.offset(of: \.key) == MemoryLayout<ims_task_slot>.offset(of: \.key),
      MemoryLayout<_TaskBinding>.offset(of: \.object) == MemoryLayout<ims_task_slot>.offset(of: \.object),
      MemoryLayout<_TaskBinding>.offset(of: \.bits) == MemoryLayout<ims_task_slot>.offset(of: \.bits)
    else { fatalError("Implicits: _TaskBinding and ims_task_slot differ in layout") }
  }

  /// Finds the two words in `task` (the current task) and checks them on probe bindings
  /// and allocations whose order is known.
  private static func verify(_ task: UnsafeMutableRawPointer) -> Offsets? {
    func word(_ offset: Int) -> UnsafeMutableRawPointer? {
      (task + offset).load(as: UnsafeMutableRawPointer?.self)
    }
    /// The first offset past the object header holding `pointer`.
    func offset(holding pointer: UnsafeMutableRawPointer) -> Int? {
      (2..<searchedWords).lazy.map { $0 * MemoryLayout<UnsafeRawPointer>.size }.first { word($0) == pointer }
    }
    var first: UInt = 0x5EED
    var second: UInt = 0xD1CE
    let key = _Payload.typeIdentity(_ProbeKey.self)
    let valueType = _Payload.typeIdentity(UInt.self)
    swift_task_localValuePush(key, &first, valueType)
    defer { swift_task_localValuePop() }
    guard let firstValue = swift_task_localValueGet(key), firstValue.load(as: UInt.self) == 0x5EED
    else { return nil }
    let firstItem = _TaskLocalItem(value: firstValue)
    guard firstItem.key == key, firstItem.valueType == valueType, let head = offset(holding: firstItem.address),
      // `beginItem` asks the runtime the question its push asks, and must get its answer.
      firstItem.link.inGroupBody == swift_task_hasTaskGroupStatusRecord()
    else { return nil }

    let earlier = swift_task_alloc(1)!
    let later = swift_task_alloc(1)!
    defer {
      swift_task_dealloc(later)
      swift_task_dealloc(earlier)
    }
    let laterHeader = _TaskAllocationHeader(of: later)
    let earlierHeader = _TaskAllocationHeader(of: earlier)
    guard let lastAllocation = offset(holding: laterHeader.address),
      laterHeader.previous == earlierHeader.address,
      earlierHeader.previous == _TaskAllocationHeader(of: firstItem.address).address
    else { return nil }

    swift_task_localValuePush(_Payload.typeIdentity(_SecondProbeKey.self), &second, valueType)
    let secondItem = word(head)
    let secondValue = swift_task_localValueGet(_Payload.typeIdentity(_SecondProbeKey.self))
    swift_task_localValuePop()
    guard let secondItem, secondValue == _TaskLocalItem(secondItem).value,
      _TaskLocalItem(secondItem).link.next == firstItem.address, word(head) == firstItem.address
    else { return nil }
    guard let records = recordsOffset(in: task) else { return nil }
    return Offsets(head: head, lastAllocation: lastAllocation, records: records)
  }

  /// Where `task` (the current one) keeps its newest status record: found by adding an
  /// executor-preference record (which the runtime adds whatever the task's state; a
  /// cancellation handler's is not added to a cancelled task) and checking it links to the
  /// one before, and that a task group's record is found there exactly when the runtime
  /// says the task is in a group's body. nil if not found.
  private static func recordsOffset(in task: UnsafeMutableRawPointer) -> Int? {
    guard let record = ims_add_probe_status_record() else { return nil }
    let previous = _TaskStatusRecord(record).parent
    let found = (2..<searchedWords).lazy.map { $0 * MemoryLayout<UnsafeRawPointer>.size }.first {
      (task + $0).load(as: UnsafeMutableRawPointer?.self) == record
    }
    let inGroup = found.map { hasGroupRecord((task + $0).load(as: UnsafeMutableRawPointer?.self)) }
    ims_remove_probe_status_record(record)
    guard let found, (task + found).load(as: UnsafeMutableRawPointer?.self) == previous,
      inGroup == swift_task_hasTaskGroupStatusRecord()
    else { return nil }
    return found
  }
}

private enum _ProbeKey {}
private enum _SecondProbeKey {}
