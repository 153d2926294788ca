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
  // The analyzer does not follow a cast written inside the receiver: its type is unknown.
  (anything as! Painter).paint(scope) // expected-error@:3 [ambiguous-call] {{ambiguous call to implicit function 'paint(_:)'}}
  // A local bound to the cast has the cast's type.
  let thing = anything as! Painter
  thing.paint(scope)
  let painter = Painter()
  painter.paint(scope)
  let typed: Printer = Printer()
  typed.paint(scope)
}
