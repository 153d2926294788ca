// A pipeline operator takes a closure and runs it before it returns: a closure given to an
// operator runs where the operator's parameter says, in place unless it is `@escaping`.
import Implicits

struct Logger { func log(_ line: String) {} }

infix operator |>: AdditionPrecedence
func |> <A, B>(value: A, transform: (A) -> B) -> B { transform(value) }

infix operator <~: AdditionPrecedence
func <~ (handlers: inout [() -> Void], handler: @escaping () -> Void) { handlers.append(handler) }

func log(_ line: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.log(line)
}

func report(_ titles: [String], _ scope: ImplicitScope) -> Int {
  let count = titles.joined(separator: ",") |> { text in
    log(text, scope)
    return text.count
  }
  return { $0 * 2 } |> { double in double(count) }
}

// Broken: the handler runs after the scope has ended.
func register(_ handlers: inout [() -> Void], _ scope: ImplicitScope) {
  handlers <~ { log("tapped", scope) } // expected-error@:17 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Logger'}}
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = report(["a"], scope)
}
