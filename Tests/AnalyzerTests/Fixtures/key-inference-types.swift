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
