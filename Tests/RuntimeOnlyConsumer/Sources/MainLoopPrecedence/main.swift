// The precedence rule as an app meets it: synchronous `main` opens the program's root
// scope with the live service, then runs the main loop (`dispatchMain()`), which runs the
// `@MainActor` tasks. Code in a task uses the task's context, so a task that declares a
// test double reads the double, in a synchronous and an asynchronous scope, and a task
// sees none of the root scope's values. Exits 0 when every check holds.
// (On Linux `dispatchMain()` parks the main thread and serves the main queue from a
// worker thread; the in-process PrecedenceTests run tasks on a thread that holds an open
// scope, the case of a run loop that serves the main queue on the main thread.)
// Run by .ci/run: `swift run --package-path Tests/RuntimeOnlyConsumer MainLoopPrecedence`.

import Dispatch
import Implicits

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

protocol Payments: Sendable { var name: String { get } }
struct LivePayments: Payments { let name = "live" }
struct FakePayments: Payments { let name = "fake" }

func paymentsName(_ scope: ImplicitScope) -> String {
  @Implicit var payments: any Payments
  return payments.name
}

@MainActor func checks() async -> [String] {
  var failures: [String] = []
  func expect(_ condition: Bool, _ what: String) { if !condition { failures.append(what) } }

  let fromSyncScope = withScope { scope in
    @Implicit var payments: any Payments = FakePayments()
    return paymentsName(scope)
  }
  expect(fromSyncScope == "fake", "sync withScope in a @MainActor task read \(fromSyncScope)")

  let fromAsyncScope = await withScope { scope in
    @Implicit var payments: any Payments = FakePayments()
    await Task.yield()
    return paymentsName(scope)
  }
  expect(fromAsyncScope == "fake", "async withScope in a @MainActor task read \(fromAsyncScope)")

  let inherited = await withScope { scope in
    @Implicit var payments: any Payments = FakePayments()
    return await Task { @MainActor in paymentsName(scope) }.value
  }
  expect(inherited == "fake", "a @MainActor child task read \(inherited)")

  expect(Implicits.captureAll().count == 0, "a task captured the root scope's values")
  expect(ImplicitScope.dumpCurrent().isEmpty, "a task's dump shows the root scope's values")
  return failures
}

/// The program's root scope, as an app's `main` opens it.
func openRootScope() -> ImplicitScope {
  let root = ImplicitScope()
  @Implicit var payments: any Payments = LivePayments()
  precondition(paymentsName(root) == "live")
  return root
}

let root = openRootScope()
Task { @MainActor in
  let failures = await checks()
  for failure in failures { print("MainLoopPrecedence: FAILED: \(failure)") }
  print(failures.isEmpty ? "MainLoopPrecedence: all checks passed" : "MainLoopPrecedence: checks failed")
  exit(failures.isEmpty ? 0 : 1)
}
dispatchMain()
