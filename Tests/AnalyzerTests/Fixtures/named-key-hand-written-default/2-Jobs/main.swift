import Implicits
import Limits

func schedule() -> Int {
  withScope { scope in attempts(scope) }
}

func expire() -> Int {
  withScope { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit '\.timeout' of Limits at this entry point}}
    deadline(scope) // expected-note@:5 {{'\.timeout' of Limits is required by the call to 'deadline(_:)' here}} // expected-note@:5 {{'\.timeout' of Limits is read in 'deadline(_:)' at named-key-hand-written-default/1-Limits/Keys.swift:27:28}}
  }
}
