import Foundation

@testable import Implicits

/// The interpreter of one task (or thread) of a fuzz program: draws operations from its
/// generator, runs them on the real runtime, and checks every read against its model.
///
/// Used only by the task or thread it runs in (and by synchronous code that task calls),
/// hence `@unchecked Sendable`: it is handed to the child task that runs it.
final class FuzzTask: @unchecked Sendable {
  let program: FuzzProgram
  let path: String
  var random: SplitMix
  /// Operations left to this task (its children's shares come out of it).
  var budget: Int
  let depth: Int
  /// What the task sees, innermost last.
  var layers: [FuzzLayer]
  /// The scopes the task opened, innermost last.
  var frames: [OpenFrame] = []
  /// Frames below this index belong to an enclosing block, which ends them.
  var blockStart = 0
  /// Scopes of the tasks that created this one: a child may nest on any of them.
  let inheritedScopes: [ImplicitScope]
  var bags: [FuzzBag]
  /// How many task-group bodies the task is in: a frame opened in one is copied into the
  /// group's children rather than read in place.
  var groupBodies = 0
  var unstructured: [Task<Void, Never>] = []
  var children = 0
  var step = 0

  struct OpenFrame {
    let scope: ImplicitScope
    let log: FrameLog
    /// The task's layers before the frame opened, put back by its end.
    let layersBelow: [FuzzLayer]
    let inGroupBody: Bool
  }

  init(
    program: FuzzProgram, path: String, random: SplitMix, budget: Int, depth: Int,
    layers: [FuzzLayer], inheritedScopes: [ImplicitScope], bags: [FuzzBag]
  ) {
    self.program = program
    self.path = path
    self.random = random
    self.budget = budget
    self.depth = depth
    self.layers = layers
    self.inheritedScopes = inheritedScopes
    self.bags = bags
  }

  var isDone: Bool { budget <= 0 || program.hasStopped }

  func fail(_ message: String) {
    program.fail("seed \(String(program.seed, radix: 16)), task \(path), operation \(step): \(message)")
  }

  // MARK: Reads and declarations

  func read(_ key: Int) {
    let value = FuzzKeys.read(key)
    switch layers.check(key: key, read: value) {
    case .success(let source): program.sawRead(from: source)
    case .failure(let mismatch): fail("read of key \(key) \(mismatch.text)")
    }
  }

  func readAll() {
    for key in 0..<FuzzKeys.count { read(key) }
    program.count(FuzzKeys.count - 1)
  }

  /// Declares a new value into the innermost frame, which must be the task's own.
  func declare(_ key: Int) {
    guard let frame = frames.last, !frame.log.isFull else { return }
    let value = program.newValue()
    frame.log.append(key: key, value: value)
    FuzzKeys.declare(key, value)
  }

  // MARK: Frames

  /// Records a frame the runtime opened for `scope` on top of what the task sees (or, for
  /// a restored bag, on top of `bag` alone).
  func opened(_ scope: ImplicitScope, restoring bag: FuzzBag? = nil) {
    let below = layers
    let sealed = bag.map { [.barrier] + $0.layers } ?? layers.inherited(.copied)
    let log = FrameLog()
    frames.append(OpenFrame(scope: scope, log: log, layersBelow: below, inGroupBody: groupBodies > 0))
    layers = sealed + [.own(log)]
  }

  /// Forgets the innermost frame (its scope ended or is being ended by `withScope`).
  func closed() {
    layers = frames.removeLast().layersBelow
  }

  func endInnermost() {
    let scope = frames.last!.scope
    closed()
    scope.end()
  }

  /// A scope opened the ways code opens one: a root scope, nested on the task's own
  /// innermost scope or on a scope of a creator, or a restored bag.
  func openScope(onThread: Bool) {
    switch random.next(4) {
    case 0 where !frames.isEmpty:
      opened(frames.last!.scope.nested())
    case 1 where !onThread && !inheritedScopes.isEmpty:
      opened(inheritedScopes[random.next(inheritedScopes.count)].nested())
    case 2 where !bags.isEmpty:
      let bag = bags[random.next(bags.count)]
      opened(ImplicitScope(with: bag.implicits), restoring: bag)
    default:
      opened(ImplicitScope())
    }
  }

  func capture() {
    let bag = FuzzBag(implicits: Implicits.captureAll(), layers: layers.captured)
    if bags.count < 4 { bags.append(bag) } else { bags[random.next(bags.count)] = bag }
  }

  // MARK: Synchronous steps

  /// One operation that needs no `await`: what code does in a task and on a thread alike.
  func syncStep(onThread: Bool) {
    step += 1
    budget -= 1
    program.count()
    switch random.next(20) {
    case 0..<6: read(random.next(FuzzKeys.count))
    case 6: readAll()
    case 7..<12: declare(random.next(FuzzKeys.count))
    case 12..<14 where frames.count < 8: openScope(onThread: onThread)
    case 14..<16 where frames.count > blockStart: endInnermost()
    case 16: capture()
    case 17 where frames.count < 8: scopeClosure(onThread: onThread)
    default: read(random.next(FuzzKeys.count))
    }
  }

  /// `withScope { }` in its synchronous forms: the closure ends the scope.
  func scopeClosure(onThread: Bool) {
    let operations = 1 + random.next(6)
    let body: (ImplicitScope) -> Void = { scope in
      self.opened(scope, restoring: nil)
      self.syncBlock(operations, onThread: onThread)
      self.closed()
    }
    if !frames.isEmpty, random.oneIn(2) {
      withScope(nesting: frames.last!.scope, body)
    } else if !bags.isEmpty, random.oneIn(2) {
      let bag = bags[random.next(bags.count)]
      withScope(with: bag.implicits) { scope in
        self.opened(scope, restoring: bag)
        self.syncBlock(operations, onThread: onThread)
        self.closed()
      }
    } else {
      withScope(body)
    }
  }

  /// Runs up to `operations` synchronous steps, then ends the scopes they left open.
  func syncBlock(_ operations: Int, onThread: Bool) {
    let enclosing = blockStart
    blockStart = frames.count
    for _ in 0..<operations where !isDone { syncStep(onThread: onThread) }
    while frames.count > blockStart { endInnermost() }
    blockStart = enclosing
  }
}

/// A captured bag and what it holds.
struct FuzzBag: Sendable {
  let implicits: Implicits
  let layers: [FuzzLayer]
}
