struct Box<T> { init(_ value: T) {} }
enum Outer { struct Inner { init() {} } }

func needs(_ scope: ImplicitScope) {
  @Implicit var box: Box<Int>
  @Implicit var inner: Outer.Inner
  @Implicit(String.self) var text
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var box = Box<Int>(1)
  @Implicit var inner = Outer.Inner()
  @Implicit(String.self) var text = "x"
  needs(scope)
}

func arrays(_ scope: ImplicitScope) {
  @Implicit var numbers: [Int]
  @Implicit(TypeImplicitKey<String>.self) var text
}

func provideArrays() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var numbers = [1, 2, 3]
  @Implicit var text = "x"
  @Implicit var mixed = [1, makeString()] // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'mixed'}}
  arrays(scope)
}

func makeString() -> String { "" }

protocol Service {}
struct RealService: Service {}

func existential(_ scope: ImplicitScope) {
  @Implicit var service: any Service // expected-note@:17 {{'any Service' is read here}}
  @Implicit var pair: [String : Int]
}

func provideExistential() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any Service' at this entry point}}
  defer { scope.end() }
  @Implicit var pair: [String: Int] = [:]
  existential(scope) // expected-note@:3 {{'any Service' is required by the call to 'existential(_:)'}}
}
