// A scope opened in a closure that runs in place, where its creator has a scope open, is
// at run time a frame on top of that scope: the values declared there stay visible. (A
// sync job runner that retries each step inside the job's scope.)
import Implicits

struct Journal { init() {} }
struct Clock { init() {} }

func step(_ name: String, _ scope: ImplicitScope) {
  @Implicit var journal: Journal // expected-note@:17 {{'Journal' is read here}} // expected-note@:17 {{'Journal' is read here}}
}

func retrying(_ attempts: Int, _ body: () -> Void) {
  for _ in 0..<attempts { body() }
}

final class JobRunner {
  var onFinish: (() -> Void)?

  func run(_ steps: [String]) {
    withScope { scope in
      @Implicit var journal = Journal()
      steps.forEach { name in withScope { inner in step(name, inner) } }
      retrying(3) {
        let retry = ImplicitScope()
        defer { retry.end() }
        @Implicit var clock = Clock()
        step("retry", retry)
      }
      let last = { withScope { inner in step("last", inner) } }
      last()
    }
  }

  func runNested(_ scope: ImplicitScope) {
    // The caller's scope is open: what the closure's scope lacks, the caller must give.
    retrying(2) { withScope { inner in step("nested", inner) } }
  }

  func start() {
    withScope { scope in
      @Implicit var journal = Journal()
      runNested(scope)
    }
  }

  // No scope is open around these closures: each scope they open is an entry point.
  func runUnprepared(_ steps: [String]) {
    steps.forEach { name in withScope { inner in step(name, inner) } } // expected-error@:29 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}} // expected-note@:50 {{'Journal' is required by the call to 'step(_:_:)' here}}
  }

  // Stored and run later, after the job's scope ended: its scope sees nothing of it.
  func runLater() {
    withScope { scope in
      @Implicit var journal = Journal()
      onFinish = { withScope { inner in step("finish", inner) } } // expected-error@:20 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}} // expected-note@:41 {{'Journal' is required by the call to 'step(_:_:)' here}}
    }
    onFinish?()
  }
}
