struct Logger {}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func makeBag() -> Implicits { Implicits() }

func restore() {
  let scope = ImplicitScope(with: makeBag()) // expected-error@:15 [bag-unknown] {{unknown bag 'makeBag()'}}
  defer { scope.end() }
  log(scope)
}

final class Worker {
  init(_ scope: ImplicitScope) {}
  func run() {
    let scope = ImplicitScope(with: self.missing) // expected-error@:17 [bag-unknown] {{unknown bag 'missing'}}
    defer { scope.end() }
  }
}
