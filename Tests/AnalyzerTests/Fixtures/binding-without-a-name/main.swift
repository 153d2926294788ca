import Implicits

let (paid, left) = withScope { scope in // expected-error@:20 [unresolved-implicit] {{unresolved implicit 'Cart' at this entry point}}
  (total(scope), 0) // expected-note@:4 {{'Cart' is required by the call to 'total(_:)' here}}
}

let (count, rest) = withScope { scope in
  @Implicit var cart = Cart()
  return (total(scope), 1)
}
print(paid, left, count, rest, split(), declared())
discard()
