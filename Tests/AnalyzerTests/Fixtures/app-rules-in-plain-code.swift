// The syntax rules look only at declarations and statements that mention what a rule
// looks for (the API's names, `scope`, `.end`, `nested`); the rest of an app's code is
// skipped. Mistakes inside plain code are still found, and a plain `let` that hides a
// scope's name still hides it.
import Implicits

struct Stopwatch {
  var isRunning = true
  func end() {}
}

struct Price { var cents: Int }

final class CheckoutViewModel {
  var items: [Price] = []
  var discount = 0
  private var history: [String] = []

  struct Formatter {
    var currency = "EUR"
    func format(_ price: Price) -> String { "\(price.cents) \(currency)" }
    func total(_ prices: [Price]) -> Int { prices.reduce(0) { $0 + $1.cents } }
  }

  var total: Int {
    let sum = items.reduce(0) { $0 + $1.cents }
    return sum - discount
  }

  func add(_ price: Price) {
    items.append(price)
    history.append("add \(price.cents)")
    if items.count > 10 {
      history.removeFirst()
    }
  }

  // Broken: the scope is ended, but not in a `defer`, deep inside plain statements.
  func submit(_ scope: ImplicitScope, retries: Int) {
    for attempt in 0..<retries {
      if attempt > 0 {
        history.append("retry \(attempt)")
        let session = scope.nested()
        send(session)
        session.end() // expected-error@:9 [scope-end-not-deferred] {{end scope 'session' in 'defer { session.end() }'}}
      }
    }
  }

  // Correct: the inner `session` is a stopwatch, not the scope: its `end()` ends nothing.
  func restart(_ scope: ImplicitScope) {
    let session = scope.nested()
    defer { session.end() }
    send(session)
    do {
      let session = Stopwatch()
      if session.isRunning { session.end() }
    }
  }

  func send(_ scope: ImplicitScope) {
    @Implicit var formatter: Formatter
  }

  // Broken: a plain type's member takes a scope under another name.
  struct Receipt {
    var lines: [String] = []
    func print(_ context: ImplicitScope) {} // expected-error@:16 [scope-parameter-name] {{write the scope parameter as '_ scope: ImplicitScope'}}
  }
}

func openCheckout(_ model: CheckoutViewModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var formatter = CheckoutViewModel.Formatter()
  model.restart(scope)
  model.submit(scope, retries: 2)
}
