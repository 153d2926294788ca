// More app-style async patterns: bags across threads and tasks, deep nesting, re-declaration
// loops, root scopes in task-group children, errors, actor hops, Task {} from a task.
import Foundation
import Implicits

actor Counter {
  var values: [Int] = []
  func add(_ v: Int) { values.append(v) }
}

enum More {
  static func bagAcrossThreadAndTask(_ scope: ImplicitScope) async {
    // Captured in a task, restored on a dispatch thread, and the reverse.
    let bag = Implicits.captureAll()
    let name: String = await withCheckedContinuation { cont in
      DispatchQueue.global().async {
        let s = ImplicitScope(with: bag)
        @Implicit var logger: Logger
        let n = logger.name
        s.end()
        cont.resume(returning: n)
      }
    }
    check(name == "root", "bag on a thread: \(name)")
    let threadBag: Implicits = await withCheckedContinuation { cont in
      DispatchQueue.global().async {
        withScope { _ in
          @Implicit var logger = Logger("thread")
          cont.resume(returning: Implicits.captureAll())
        }
      }
    }
    let seen = await withScope(with: threadBag) { _ -> String in
      await Task.yield()
      @Implicit var logger: Logger
      return logger.name
    }
    check(seen == "thread", "thread bag in a task: \(seen)")
  }

  static func deepNesting(_ scope: ImplicitScope) async {
    var scopes: [ImplicitScope] = []
    var current = scope
    for i in 0..<3000 {
      current = current.nested()
      scopes.append(current)
      @Implicit(\.userID) var id = i
      if i % 500 == 0 { await Task.yield() }
    }
    @Implicit(\.userID) var top: Int
    check(top == 2999, "deep top \(top)")
    @Implicit var logger: Logger
    check(logger.name == "root", "deep outer")
    for s in scopes.reversed() { s.end() }
    @Implicit(\.userID) var back: Int
    check(back == 42, "after unwinding \(back)")
  }

  static func redeclareLoop(_ scope: ImplicitScope) async {
    await withScope(nesting: scope) { inner in
      for i in 0..<10_000 {
        @Implicit(\.userID) var id = i
        if i % 1000 == 0 { await Task.yield() }
      }
      @Implicit(\.userID) var last: Int
      check(last == 9_999, "redeclared \(last)")
    }
  }

  static func rootInChild(_ scope: ImplicitScope) async {
    let counter = Counter()
    await withThrowingTaskGroup(of: Void.self) { group in
      for c in 0..<8 {
        group.addTask {
          let own = ImplicitScope()   // root scope in a child: outer values stay visible
          defer { own.end() }
          @Implicit(\.userID) var id = c
          @Implicit var logger: Logger
          check(logger.name == "root", "root-in-child sees parent")
          try await Task.sleep(nanoseconds: 1_000_000)
          @Implicit(\.userID) var seen: Int
          await counter.add(seen)
        }
      }
      try? await group.waitForAll()
    }
    let values = await counter.values.sorted()
    check(values == Array(0..<8), "children \(values)")
  }

  struct Boom: Error {}
  static func throwing(_ scope: ImplicitScope) async {
    do {
      try await withScope(nesting: scope) { inner in
        @Implicit(\.userID) var id = 7
        await Task.yield()
        throw Boom()
      }
    } catch {}
    @Implicit(\.userID) var id: Int
    check(id == 42, "after throw \(id)")
  }

  static func actorHop(_ scope: ImplicitScope) async {
    let cache = ImageCache()
    await withScope(nesting: scope) { inner in
      @Implicit var logger = Logger("hop")
      let a = await cache.image(named: "x", inner)
      let b = await MainActor.run { () -> String in
        @Implicit var logger: Logger
        return logger.name
      }
      check(a == "hop:https://api/x" && b == "hop", "hop \(a) \(b)")
    }
  }

  static func unstructuredFromTask(_ scope: ImplicitScope) async {
    let name = await withScope(nesting: scope) { inner -> String in
      @Implicit var logger = Logger("parent")
      let t = Task { () -> String in
        @Implicit var logger: Logger
        return logger.name
      }
      return await t.value
    }
    check(name == "parent", "Task{} inherits \(name)")
  }

  static func run(_ scope: ImplicitScope) async {
    await bagAcrossThreadAndTask(scope)
    await deepNesting(scope)
    await redeclareLoop(scope)
    await rootInChild(scope)
    await throwing(scope)
    await actorHop(scope)
    await unstructuredFromTask(scope)
  }
}
