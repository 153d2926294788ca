import Foundation

@testable import Implicits

/// The operations that need a task: child tasks of every kind, `async` scope closures,
/// suspension, cancellation, hops to the main actor and to a plain thread.
extension FuzzTask {
  /// Runs the task's operations, then waits for the unstructured tasks it created.
  func run() async {
    await block(Int.max)
    while !unstructured.isEmpty { await unstructured.removeFirst().value }
  }

  func runThenThrow() async throws {
    await run()
    throw FuzzError.thrown
  }

  /// Runs up to `operations` steps, then ends the scopes they left open. Synchronous steps
  /// run here rather than in an `async` function of their own: a task's scope must end in
  /// the `async` function that opened it (DocC, *Async*).
  func block(_ operations: Int) async {
    let enclosing = blockStart
    blockStart = frames.count
    var done = 0
    while done < operations, !isDone {
      if let operation = nextAsyncOperation() {
        await perform(operation)
      } else {
        syncStep(onThread: false)
      }
      done += 1
    }
    while frames.count > blockStart { endInnermost() }
    blockStart = enclosing
  }

  enum AsyncOperation {
    case yield, asyncLets, group(discarding: Bool), unstructured(detached: Bool), scopeClosure, rare
  }

  /// The next operation when it needs an `await`; nil for a synchronous one.
  private func nextAsyncOperation() -> AsyncOperation? {
    let canSpawn = depth < program.options.maxDepth && budget > 40
    switch random.next(40) {
    case 0..<3: return .yield
    case 3 where canSpawn: return .asyncLets
    case 4 where canSpawn: return .group(discarding: random.oneIn(2))
    case 5 where canSpawn: return .unstructured(detached: random.oneIn(3))
    case 6 where frames.count < 8: return .scopeClosure
    case 7: return .rare
    default: return nil
    }
  }

  /// Runs an operation that leaves the task's frames as it found them.
  private func perform(_ operation: AsyncOperation) async {
    switch operation {
    case .yield:
      counted()
      await Task.yield()
    case .asyncLets: await spawnAsyncLets()
    case .group(let discarding): await spawnGroup(discarding: discarding)
    case .unstructured(let detached): spawnUnstructured(detached: detached)
    case .scopeClosure: await scopeClosure()
    case .rare: await rareStep()
    }
  }

  private func counted() {
    step += 1
    budget -= 1
    program.count()
  }

  /// A child task's interpreter, given a share of this task's budget. `inheritance` is nil
  /// for a detached task, which starts empty.
  private func child(_ kind: String, _ inheritance: FuzzInheritance?) -> FuzzTask {
    children += 1
    let share = Swift.min(budget, budget / (3 + random.next(8)) + 1)
    budget -= share
    return FuzzTask(
      program: program, path: "\(path)/\(kind)\(children)", random: random.split(), budget: share,
      depth: depth + 1, layers: inheritance.map { layers.inherited($0) } ?? [],
      inheritedScopes: inheritance == nil ? [] : inheritedScopes + frames.map(\.scope), bags: bags)
  }

  // MARK: Child tasks

  /// `async let` children read the innermost frame in place while this task goes on
  /// declaring into it; awaited explicitly, with `try?` after they threw, or never (Swift
  /// awaits them when the function returns).
  private func spawnAsyncLets() async {
    counted()
    let parentOperations = 1 + random.next(12)
    switch random.next(5) {
    case 0:
      let (first, second) = (child("let", .inPlace), child("let", .inPlace))
      async let one: Void = first.run()
      async let two: Void = second.run()
      await block(parentOperations)
      await two
      await one
    case 1:
      let (first, second) = (child("let", .inPlace), child("let", .inPlace))
      async let throwing: Void = first.runThenThrow()
      async let _: Void = second.run()
      await block(parentOperations)
      _ = try? await throwing
    case 2:
      let first = child("let", .inPlace)
      async let _: Void = first.run()
      await block(parentOperations)
    case 3:
      // A scope ended in the block of its `async let` after the child threw and was awaited
      // (stopped the program with a false report before 8d49aff).
      openScope(onThread: false)
      declare(random.next(FuzzKeys.count))
      let first = child("let", .inPlace)
      async let throwing: Void = first.runThenThrow()
      await block(parentOperations)
      do { try await throwing } catch {}
      endInnermost()
    default:
      let first = child("let", .inPlace)
      async let throwing: Void = first.runThenThrow()
      await block(parentOperations)
      do { try await throwing } catch {}
    }
  }

  private func spawnGroup(discarding: Bool) async {
    counted()
    if discarding {
      await withDiscardingTaskGroup { group in await self.groupBody(&group) }
    } else {
      await withTaskGroup(of: Void.self) { group in
        await self.groupBody(&group)
        if self.random.oneIn(2) { await group.waitForAll() }
      }
    }
  }

  /// A group's body: children added between declarations, maybe inside a scope opened in
  /// the body (the runtime copies such a frame into the children) and ended right after
  /// `addTask` while they run; sometimes the group is cancelled.
  private func groupBody<Group: FuzzTaskGroup>(_ group: inout Group) async {
    groupBodies += 1
    let enclosing = blockStart
    blockStart = frames.count
    if random.oneIn(2) {
      openScope(onThread: false)
      declare(random.next(FuzzKeys.count))
    }
    for _ in 0..<(1 + random.next(4)) where !isDone {
      if random.oneIn(2) { declare(random.next(FuzzKeys.count)) }
      let copied = frames.last?.inGroupBody ?? false
      group.add(child("group", copied ? .copied : .inPlace))
      if frames.count > blockStart, random.oneIn(3) { endInnermost() }
      if random.oneIn(8) { group.cancelAll() }
    }
    await block(1 + random.next(10))
    while frames.count > blockStart { endInnermost() }
    blockStart = enclosing
    groupBodies -= 1
  }

  /// `Task {}` copies the innermost frame; `Task.detached` starts empty. Either may be
  /// cancelled; both are awaited before this task's `run` returns, or earlier.
  private func spawnUnstructured(detached: Bool) {
    counted()
    let task = child(detached ? "detached" : "task", detached ? nil : .copied)
    let handle = detached ? Task.detached { await task.run() } : Task { await task.run() }
    if random.oneIn(4) { handle.cancel() }
    unstructured.append(handle)
  }

  // MARK: Scopes across suspension points

  /// `withScope { }` in its `async` forms.
  private func scopeClosure() async {
    counted()
    let operations = 1 + random.next(8)
    if !frames.isEmpty, random.oneIn(3) {
      await withScope(nesting: frames.last!.scope) { scope in await self.inScope(scope, nil, operations) }
    } else if !bags.isEmpty, random.oneIn(2) {
      let bag = bags[random.next(bags.count)]
      await withScope(with: bag.implicits) { scope in await self.inScope(scope, bag, operations) }
    } else {
      await withScope { scope in await self.inScope(scope, nil, operations) }
    }
  }

  private func inScope(_ scope: ImplicitScope, _ bag: FuzzBag?, _ operations: Int) async {
    opened(scope, restoring: bag)
    await block(operations)
    closed()
  }

  // MARK: Cancellation, actors, threads

  private func rareStep() async {
    counted()
    let operations = 1 + random.next(8)
    switch random.next(5) {
    case 0:
      // A cancellation handler is a status record of the task, next to `async let`'s.
      await withTaskCancellationHandler { await self.block(operations) } onCancel: {}
    case 1:
      await MainActor.run { self.syncBlock(operations, onThread: false) }
    case 2 where budget > 10:
      await visitThread()
    case 3 where depth > 0:
      withUnsafeCurrentTask { $0?.cancel() }
    default:
      if !unstructured.isEmpty { await unstructured.removeFirst().value }
    }
  }

  /// Synchronous code on a plain thread, outside any task: it restores a bag this task
  /// captured (or opens a root scope) and works in the thread's own context.
  private func visitThread() async {
    let visitor = child("thread", nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        visitor.runOnThread()
        continuation.resume()
      }
      thread.start()
    }
  }

  private func runOnThread() {
    if !bags.isEmpty, random.oneIn(2) {
      let bag = bags[random.next(bags.count)]
      opened(ImplicitScope(with: bag.implicits), restoring: bag)
    } else {
      opened(ImplicitScope())
    }
    syncBlock(budget, onThread: true)
    endInnermost()
  }
}

enum FuzzError: Error { case thrown }

/// `TaskGroup<Void>` and `DiscardingTaskGroup`, as the fuzz uses them.
protocol FuzzTaskGroup {
  mutating func add(_ task: FuzzTask)
  func cancelAll()
}

extension TaskGroup<Void>: FuzzTaskGroup {
  mutating func add(_ task: FuzzTask) { addTask { await task.run() } }
}

extension DiscardingTaskGroup: FuzzTaskGroup {
  mutating func add(_ task: FuzzTask) { addTask { await task.run() } }
}
