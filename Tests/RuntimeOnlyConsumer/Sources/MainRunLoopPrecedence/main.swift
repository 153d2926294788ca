// The precedence rule on a main thread that runs its own run loop (Foundation's
// `RunLoop.main`, as GUI apps do): `main` opens the program's root scope with the live
// mode, synchronous reads on the main thread see it, then the run loop runs `@MainActor`
// jobs on the main thread inside that scope. Code in a task uses the task's context, so
// a task whose first operation is a read gets the key's default, not the root scope's
// value, and a task's own scope wins. Exits 0 when every check holds.
// (MainLoopPrecedence covers `dispatchMain()`, which on Linux serves the main queue from
// another thread.) Run by .ci/run:
// `swift run --package-path Tests/RuntimeOnlyConsumer MainRunLoopPrecedence`.

import Foundation
import Implicits

struct Mode: DefaultImplicit, Sendable {
  let name: String
  static var defaultImplicit: Mode { Mode(name: "default") }
}

func modeName(_ scope: ImplicitScope) -> String {
  @Implicit var mode: Mode
  return mode.name
}

/// What the main thread's synchronous code reads, before and after main-actor jobs ran.
func readOnMainThread() -> String {
  @Implicit var mode: Mode
  return mode.name
}

final class Outcome: @unchecked Sendable {
  var failures: [String] = []
  var done = false
}
let outcome = Outcome()

@MainActor func checks() async {
  func expect(_ condition: Bool, _ what: String) { if !condition { outcome.failures.append(what) } }
  // The first thing this task does is a read.
  @Implicit var first: Mode
  expect(first.name == "default", "a @MainActor task's first read saw \(first.name)")
  expect(Thread.isMainThread, "the @MainActor job did not run on the main thread")
  let own = withScope { scope in
    @Implicit var mode = Mode(name: "task")
    return modeName(scope)
  }
  expect(own == "task", "a @MainActor task's own scope read \(own)")
  @Implicit var after: Mode
  expect(after.name == "default", "after its scope a @MainActor task read \(after.name)")
}

/// The program's root scope, as an app's `main` opens it.
func openRootScope() -> ImplicitScope {
  let root = ImplicitScope()
  @Implicit var mode = Mode(name: "live")
  precondition(readOnMainThread() == "live")
  return root
}

let root = openRootScope()
Task { @MainActor in
  await checks()
  outcome.done = true
}
while !outcome.done {
  _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
}
// Synchronous code on the main thread still reads its own scope.
if readOnMainThread() != "live" { outcome.failures.append("the main thread's own read after the jobs") }
root.end()
for failure in outcome.failures { print("MainRunLoopPrecedence: FAILED: \(failure)") }
print(outcome.failures.isEmpty ? "MainRunLoopPrecedence: all checks passed" : "MainRunLoopPrecedence: checks failed")
exit(outcome.failures.isEmpty ? 0 : 1)
