// A type stores at most one bag.
import Implicits

struct Logger {}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

final class OrderListFactory {
  private let implicits = #implicits // expected-note@:15 {{the first stored bag is here}}
  private let moreImplicits = #implicits // expected-error@:15 [bag-stored-twice] {{a type stores at most one bag; 'implicits' already holds what 'init(_ scope:)' captures}}

  init(_ scope: ImplicitScope) {}

  func make() {
    withScope(with: implicits) { scope in log(scope) }
    withScope(with: moreImplicits) { scope in log(scope) }
  }
}

final class DetailFactory {
  private let implicits = #implicits
  init(_ scope: ImplicitScope) {}
  func make() {
    withScope(with: implicits) { scope in log(scope) }
  }
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = OrderListFactory(scope)
  _ = DetailFactory(scope)
}
