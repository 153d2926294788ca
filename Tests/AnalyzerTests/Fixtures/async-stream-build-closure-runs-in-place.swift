// `AsyncStream { continuation in … }` (also `AsyncThrowingStream`, `AsyncStream(T.self) { … }`)
// runs its `build` closure before the initializer returns, so the closure uses the scope
// around it like any in-place closure; the closure of `AsyncStream(unfolding:)` is kept and
// runs later. (The seventh blind round's producer started its task inside the build closure,
// capturing a bag there, and got `unclassified-closure-uses-implicit`.)
import Implicits

final class Metrics {
  func count(_ name: String) {}
}

func tally(_ name: String, _ scope: ImplicitScope) {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
  metrics.count(name)
}

/// The producer's task restores a bag captured inside the build closure.
func batches(_ lines: [String], _ scope: ImplicitScope) -> AsyncStream<[String]> {
  AsyncStream { continuation in
    Task { [implicits = Implicits.captureAll()] in
      await withScope(with: implicits) { scope in
        tally("batch", scope)
        continuation.yield(lines)
        continuation.finish()
      }
    }
  }
}

/// The build closure reads through the caller's scope directly.
func counted(_ scope: ImplicitScope) -> AsyncThrowingStream<Int, any Error> {
  AsyncThrowingStream<Int, any Error> { continuation in
    tally("start", scope)
    continuation.finish()
  }
}

func numbers(_ scope: ImplicitScope) -> AsyncStream<Int> {
  AsyncStream(Int.self, bufferingPolicy: .unbounded) {
    tally("numbers", scope)
    $0.finish()
  }
}

func app() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  for await batch in batches(["a"], scope) { _ = batch }
  _ = counted(scope)
  _ = numbers(scope)
}

// Wrong: the build closure runs in place, so what it needs is needed here.
func undeclared() -> AsyncStream<Int> {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
    AsyncStream { continuation in // expected-note@:17 {{'Metrics' is required by the closure created here}}
      tally("undeclared", scope) // expected-note@:7 {{'Metrics' is required by the call to 'tally(_:_:)' here}}
      continuation.finish()
    }
  }
}

// Wrong: the unfolding closure runs whenever the consumer asks for the next element.
func unfolded(_ scope: ImplicitScope) -> AsyncStream<Int> {
  AsyncStream(unfolding: { tally("next", scope); return nil }) // expected-error@:28 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Metrics' of the enclosing scope}}
}

// Wrong: a trailing closure without parameters is the unfolding one too.
func trailingUnfolded(_ scope: ImplicitScope) -> AsyncStream<Int> {
  AsyncStream { tally("next", scope); return nil } // expected-error@:17 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Metrics' of the enclosing scope}}
}
