import Implicits
import ImplicitsCSupport

/// async nested beside a kept frame: `async nested` in a task whose bucket of the kept-frame
/// table holds a frame `end()` kept for another task's `async let` child (issue 19: such a
/// neighbour made every `end()` take the table's lock).
let keptFrameScenarios: [Scenario] = [
  Scenario("async nested beside a kept frame", "Implicits", largeIterations: 50_000, place: .task { n, probe in
    let neighbour = KeptNeighbour()
    defer { neighbour.remove() }
    withScope { outer in nestedDeclarations(ServiceB(), in: outer, n, probe) }
  })
]

/// A frame kept for a task that shares the current task's bucket: its owner is an address
/// in a block of this type's, where no task can live, so no task ever frees it.
private struct KeptNeighbour {
  let block: UnsafeMutableRawPointer
  let owner: UnsafeMutableRawPointer
  let frame: UnsafeMutablePointer<ims_task_frame>

  init() {
    let task = swift_task_getCurrent()!
    let buckets = Int(IMS_KEPT_FRAME_BUCKETS)
    block = UnsafeMutableRawPointer.allocate(byteCount: 16 * buckets, alignment: 16)
    let base = block
    owner = (0..<buckets).lazy.map { base + 16 * $0 }.first {
      ims_kept_frame_bucket($0) == ims_kept_frame_bucket(task)
    }!
    frame = .allocate(capacity: 1)
    frame.initialize(to: ims_task_frame())
    frame.pointee.owner = owner
    frame.pointee.kind = UInt32(IMS_TASK_FRAME_KEPT)
    ims_kept_frame_add(frame)
  }

  func remove() {
    precondition(ims_kept_frames_take(owner) == frame)
    frame.deallocate()
    block.deallocate()
  }
}
