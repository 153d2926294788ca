import ImplicitsCSupport
import Testing

@testable import Implicits

/// `end()` trusts an `async let`'s status record only when the runtime agrees with it: the
/// record is built here, in the runtime's layout (`_TaskStatusRecord`), around task words
/// the runtime reports on, and read as `end()` reads the records added since a scope opened.
@Suite struct TaskStatusRecordTests {
  /// `[kind 1, parent, child, child | flags]`: an `async let`'s record naming `child`.
  private static func withAsyncLetRecord<R>(
    naming child: UnsafeMutableRawPointer, hasResult: Bool = false, above parent: UnsafeMutableRawPointer? = nil,
    _ body: (UnsafeMutableRawPointer) -> R
  ) -> R {
    let record = UnsafeMutableRawPointer.allocate(byteCount: 4 * MemoryLayout<UInt>.size, alignment: 16)
    defer { record.deallocate() }
    let words = record.bindMemory(to: UInt.self, capacity: 4)
    words[0] = 1
    words[1] = UInt(bitPattern: parent)
    words[2] = UInt(bitPattern: child)
    words[3] = UInt(bitPattern: child) | (hasResult ? 4 : 0)
    return body(record)
  }

  /// A record naming the current task itself (not a task created after it) is not taken
  /// for an `async let` of the current task, whatever the layout says.
  @Test func aRecordWhoseChildIsNotALaterTaskIsNotTrusted() async {
    let task = _SwiftTask.current!
    let offsets = try! #require(_TaskLayout.readableOffsets)
    let found = Self.withAsyncLetRecord(naming: task) { _TaskLayout.recordsSince($0, downTo: nil, of: task, offsets) }
    #expect(found == .unknownRecord(kind: 1))
  }

  /// A record naming a real child, while the child runs (what a kept frame waits for: the
  /// child's id) and once it finished.
  @Test func aRecordNamingARunningChildIsAnAsyncLetRunning() async {
    let task = _SwiftTask.current!
    let offsets = try! #require(_TaskLayout.readableOffsets)
    let scope = ImplicitScope()  // gives the child a parent marker: a head until it finishes
    defer { scope.end() }
    let started = Event()
    let finish = Event()
    let childBox = ResultBox<UnsafeMutableRawPointer>()
    async let done: Void = {
      childBox.value = _SwiftTask.current
      await started.signal()
      await finish.wait()
    }()
    await started.wait()
    let child = childBox.value!
    let running = Self.withAsyncLetRecord(naming: child) { _TaskLayout.recordsSince($0, downTo: nil, of: task, offsets) }
    #expect(running == .asyncLetRunning(waitedChildID: swift_task_getJobTaskId(child)))
    // A running child does not end the walk: a task group's record below it still decides.
    let group = UnsafeMutableRawPointer.allocate(byteCount: 4 * MemoryLayout<UInt>.size, alignment: 16)
    group.bindMemory(to: UInt.self, capacity: 4).initialize(repeating: 0, count: 4)
    group.storeBytes(of: 2, as: UInt.self)
    let underGroup = Self.withAsyncLetRecord(naming: child, above: group) {
      _TaskLayout.recordsSince($0, downTo: nil, of: task, offsets)
    }
    group.deallocate()
    #expect(underGroup == .workAlive)
    await finish.signal()
    await done
    let finished = Self.withAsyncLetRecord(naming: child) { _TaskLayout.recordsSince($0, downTo: nil, of: task, offsets) }
    #expect(finished == .unlinked)
  }
}
