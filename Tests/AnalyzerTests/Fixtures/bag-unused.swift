func schedule(_ work: @escaping () -> Void) {}

func start(_ scope: ImplicitScope) {
  schedule { [implicits = #implicits] in // expected-error@:27 [bag-unused] {{bag captured with '#implicits' is never restored; restore it with 'ImplicitScope(with: implicits)'}}
    print("nothing")
  }
}
