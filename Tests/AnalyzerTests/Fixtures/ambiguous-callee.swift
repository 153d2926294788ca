struct Red {}
struct Blue {}

final class Painter {
  init() {}
  func paint(_ scope: ImplicitScope) { // expected-note@:8 {{candidate 'Painter.paint(_:)' requires 'Red'}}
    @Implicit var red: Red
  }
}

final class Printer {
  init() {}
  func paint(_ scope: ImplicitScope) { // expected-note@:8 {{candidate 'Printer.paint(_:)' requires 'Blue'}}
    @Implicit var blue: Blue
  }
}

func use(_ scope: ImplicitScope, _ anything: AnyObject) {
  let thing = anything as! Painter
  thing.paint(scope) // expected-error@:3 [ambiguous-call] {{ambiguous call to implicit function 'paint(_:)'}}
  let painter = Painter()
  painter.paint(scope)
  let typed: Printer = Printer()
  typed.paint(scope)
}
