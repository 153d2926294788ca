// Keys are compared by identity, not by spelling.
protocol Logging {}
struct ConsoleLogger: Logging { init() {} }
struct Box<Value> { init(_ value: Value) {} }

func work(_ scope: ImplicitScope) {
  @Implicit var logger: any Logging
  @Implicit var token: Optional<String>
  @Implicit var ids: Array<Int>
  @Implicit var box: Box<Swift.Int>
  @Implicit var names: Dictionary<String, [Int]>
}

func readmeExample() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit((any Logging).self) var logger = ConsoleLogger()
  @Implicit var token: String? = nil
  @Implicit var ids = [1, 2]
  @Implicit var box = Box<Int>(1)
  @Implicit var names: [String: [Int]] = [:]
  work(scope)
}

func unbox(_ scope: ImplicitScope) {
  @Implicit var box: Box<Int> // expected-note@:17 {{'Box<Int>' is read here}}
}

func wrongGenericArgument() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Box<Int>' at this entry point}}
  defer { scope.end() }
  @Implicit var box = Box<String>("x")
  unbox(scope) // expected-note@:3 {{'Box<Int>' is required by the call to 'unbox(_:)'}}
}

func notOptional(_ scope: ImplicitScope) {
  @Implicit var token: String // expected-note@:17 {{'String' is read here}}
}

func optionalIsAnotherKey() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'String' at this entry point}}
  defer { scope.end() }
  @Implicit var token: Optional<String> = "t"
  notOptional(scope) // expected-note@:3 {{'String' is required by the call to 'notOptional(_:)'}}
}
