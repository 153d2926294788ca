// A value called as a function (`formatter(row, scope)` where `let formatter =
// Formatter()`): Swift calls its `callAsFunction`. The call was taken for one through a
// stored closure of its shape, and with no such closure in the module what
// `callAsFunction` reads went unreported (a silent miss, found by the session-27 hunt).
struct Logger { init() {} }
struct Row { var id: Int }

func log(_ scope: ImplicitScope) { @Implicit var logger: Logger } // expected-note@:50 {{'Logger' is read here}} // expected-note@:50 {{'Logger' is read here}}

struct Formatter {
  func callAsFunction(_ row: Row, _ scope: ImplicitScope) -> String {
    log(scope) // expected-note@:5 {{'Logger' is required by the call to 'log(_:)' here}} // expected-note@:5 {{'Logger' is required by the call to 'log(_:)' here}}
    return "\(row.id)"
  }
}

func missing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  let formatter = Formatter()
  _ = formatter(Row(id: 1), scope) // expected-note@:7 {{'Logger' is required by the call to 'callAsFunction(_:_:)' here}}
}

func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  var formatter = Formatter()
  _ = formatter(Row(id: 1), scope)
  formatter = Formatter()
}

// Called explicitly, as any method.
func explicit() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = Formatter().callAsFunction(Row(id: 2), scope) // expected-note@:7 {{'Logger' is required by the call to 'callAsFunction(_:_:)' here}}
}

// A closure value of the same shape is still a closure call.
func closures(_ pick: (Row, ImplicitScope) -> String) {
  let scope = ImplicitScope()
  defer { scope.end() }
  _ = pick(Row(id: 3), scope)
}
