import Synchronization

/// What the async fuzz expects a read to return: the model of one task's (or thread's)
/// visible context, as a stack of layers, one per frame it sees.
///
/// Declared values are unique across the whole run, so a value read names the declaration
/// that made it. What is exact: a frame the task itself opened, and what it sealed below
/// its own frames. What is not: a frame of another task read in place (an `async let` or
/// task-group child sharing its parent's innermost frame while the parent declares into
/// it) is some prefix of that frame's declarations, growing over time; a copy or seal of
/// such a frame (`Task {}`, a bag, a frame opened on top) is one prefix fixed at a moment
/// the model does not know. The model keeps, per such layer, the prefix lengths still
/// consistent with what was read, and a read that fits none is a failure.
enum FuzzLayer: Sendable {
  /// Nothing below is visible (a restored bag's frame).
  case barrier
  /// Known bindings, key to value.
  case exact([Int: Int])
  /// A frame this task opened and declares into: exact.
  case own(FrameLog)
  /// Another task's open frame, read in place: at least the first `floor` declarations.
  case live(FrameLog, floor: Int)
  /// A copy or seal of another task's frame at one unknown prefix.
  case frozen(FrozenPrefix)
}

/// The declarations of one frame, in order. Only the owner appends, and it appends before
/// the real declaration: a value read is always found here.
///
/// Lock-free, with relaxed atomics: a lock taken by the owner and by the readers would
/// order the runtime's own writes before other tasks' reads, hiding from ThreadSanitizer
/// exactly the races this test is for. What orders a reader after a declaration is the
/// runtime's publication, which the entry (stored before it) rides on.
final class FrameLog: @unchecked Sendable {
  /// Declarations a frame of the fuzz holds at most (the generator stops declaring there).
  static let capacity = 256

  /// `value << 8 | key + 1`; 0 while not written.
  private let entries = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: FrameLog.capacity)
  private let written = Atomic<Int>(0)

  init() {
    for index in 0..<Self.capacity { (entries + index).initialize(to: Atomic(0)) }
  }

  deinit {
    entries.deinitialize(count: Self.capacity)
    entries.deallocate()
  }

  var isFull: Bool { count == Self.capacity }

  /// Appends a declaration; the owner only, and not when full.
  func append(key: Int, value: Int) {
    let position = written.load(ordering: .relaxed)
    entries[position].store(value << 8 | (key + 1), ordering: .relaxed)
    written.store(position + 1, ordering: .relaxed)
  }

  var count: Int { written.load(ordering: .relaxed) }

  /// The declarations appended so far (an entry not visible yet ends them).
  private var declarations: [(key: Int, value: Int)] {
    var result: [(key: Int, value: Int)] = []
    for position in 0..<count {
      let entry = entries[position].load(ordering: .relaxed)
      if entry == 0 { break }
      result.append(((entry & 0xFF) - 1, entry >> 8))
    }
    return result
  }

  /// The newest value of `key`, for the owner (who wrote them all).
  func latest(_ key: Int) -> Int? { declarations.last { $0.key == key }?.value }

  /// Every key's newest value.
  func snapshot() -> [Int: Int] { declarations.reduce(into: [:]) { $0[$1.key] = $1.value } }

  /// The prefix lengths in which `value` is the newest binding of `key`; nil when this
  /// frame never bound `key` to `value`.
  func prefixes(showing value: Int, of key: Int) -> ClosedRange<Int>? {
    let all = declarations
    guard let position = all.firstIndex(where: { $0.value == value }), all[position].key == key else { return nil }
    let next = all[(position + 1)...].firstIndex { $0.key == key } ?? Int.max
    return (position + 1)...next
  }

  /// The prefix lengths in which `key` is not bound yet.
  func prefixes(without key: Int) -> ClosedRange<Int> {
    0...(declarations.firstIndex { $0.key == key } ?? Int.max)
  }
}

/// One fixed but unknown prefix of a frame's declarations, shared by everything that reads
/// the same copy or seal (every task that inherits it, every restore of a bag holding it).
/// The prefixes still possible are one word, narrowed by compare-and-swap (relaxed: see
/// `FrameLog`).
final class FrozenPrefix: @unchecked Sendable {
  let log: FrameLog
  /// `lowest << 32 | highest`.
  private let possible: Atomic<Int>

  init(_ log: FrameLog, atLeast floor: Int) {
    self.log = log
    possible = Atomic(floor << 32 | Self.unbounded)
  }

  private static let unbounded = Int(UInt32.max)

  private static func range(_ word: Int) -> ClosedRange<Int> { (word >> 32)...(word & unbounded) }

  /// Narrows the prefix to `range`; false (nothing changed) when no prefix fits both.
  func narrow(to range: ClosedRange<Int>) -> Bool {
    var word = possible.load(ordering: .relaxed)
    while true {
      let current = Self.range(word)
      guard current.overlaps(range) else { return false }
      let narrowed = current.clamped(to: range)
      let exchange = possible.compareExchange(
        expected: word, desired: narrowed.lowerBound << 32 | Swift.min(narrowed.upperBound, Self.unbounded),
        ordering: .relaxed)
      if exchange.exchanged { return true }
      word = exchange.original
    }
  }

  var description: String {
    let range = Self.range(possible.load(ordering: .relaxed))
    return "prefix \(range.lowerBound)...\(range.upperBound == Self.unbounded ? "any" : String(range.upperBound))"
  }
}

/// How a new task or a seal sees the layers of the task that creates it.
enum FuzzInheritance {
  /// `async let` and task-group children: the creator's innermost frame is read in place.
  case inPlace
  /// `Task {}`, a group child of a frame opened in the group's body, a bag, a frame opened
  /// on top: the innermost frame is copied at that moment.
  case copied
}

extension Array where Element == FuzzLayer {
  /// The layers a child task (or a seal, or a bag) sees.
  func inherited(_ inheritance: FuzzInheritance) -> [FuzzLayer] {
    var result = self
    for index in result.indices {
      let innermost = index == result.count - 1
      switch result[index] {
      case .own(let log):
        // Frames below the innermost do not change while it is open.
        result[index] =
          innermost && inheritance == .inPlace ? .live(log, floor: log.count) : .exact(log.snapshot())
      case .live(let log, let floor) where inheritance == .copied:
        result[index] = .frozen(FrozenPrefix(log, atLeast: floor))
      default:
        break
      }
    }
    return result
  }

  /// The layers a bag captured now holds: what is visible, copied.
  var captured: [FuzzLayer] {
    let visible = lastIndex { if case .barrier = $0 { true } else { false } }.map { Array(self[$0...]) } ?? self
    return visible.inherited(.copied)
  }

  /// Checks that reading `key` may return `read`, narrowing what is not exact: where the
  /// value came from, or a description of the mismatch.
  mutating func check(key: Int, read: Int?) -> Result<FuzzSource, FuzzMismatch> {
    func mismatch(_ text: String) -> Result<FuzzSource, FuzzMismatch> { .failure(FuzzMismatch(text: text)) }
    for index in indices.reversed() {
      switch self[index] {
      case .barrier:
        return read == nil ? .success(.nothing) : mismatch("got \(read!) through a bag's barrier (key \(key) is not in the bag)")
      case .exact(let bindings):
        if let value = bindings[key] { return value == read ? .success(.exact) : mismatch("got \(describe(read)), expected \(value)") }
      case .own(let log):
        if let value = log.latest(key) {
          return value == read ? .success(.exact) : mismatch("got \(describe(read)), expected \(value) (own frame)")
        }
      case .live(let log, let floor):
        if let read, let range = log.prefixes(showing: read, of: key) {
          guard range.upperBound >= floor else {
            return mismatch("got \(read), which a later declaration into the shared frame replaced before this task's floor \(floor)")
          }
          self[index] = .live(log, floor: Swift.max(floor, range.lowerBound))
          return .success(range.lowerBound > floor ? .sharedFrameAfterFloor : .sharedFrame)
        }
        guard log.prefixes(without: key).upperBound >= floor else {
          return mismatch("got \(describe(read)), but the shared frame declared key \(key) before this task's floor \(floor)")
        }
      case .frozen(let prefix):
        if let read, let range = prefix.log.prefixes(showing: read, of: key) {
          return prefix.narrow(to: range)
            ? .success(.copy) : mismatch("got \(read), inconsistent with earlier reads of the same copy (\(prefix.description))")
        }
        guard prefix.narrow(to: prefix.log.prefixes(without: key)) else {
          return mismatch("got \(describe(read)), but the copy (\(prefix.description)) holds key \(key)")
        }
      }
    }
    return read == nil ? .success(.nothing) : mismatch("got \(read!), expected nothing")
  }

  private func describe(_ value: Int?) -> String { value.map(String.init) ?? "nothing" }
}

/// Where a checked read's value came from.
enum FuzzSource: Int, CaseIterable {
  /// Nothing visible.
  case nothing
  /// A frame the reader knows exactly.
  case exact
  /// Another task's frame read in place, a value declared before the reader's floor.
  case sharedFrame
  /// Another task's frame read in place, a value declared into it after the reader was
  /// created (or after what it read before).
  case sharedFrameAfterFloor
  /// A copy or seal of another task's frame.
  case copy
}

struct FuzzMismatch: Error {
  let text: String
}
