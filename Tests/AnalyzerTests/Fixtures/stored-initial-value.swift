struct Logger {}

final class Service {
  @Implicit var logger = Logger() // expected-error@:17 [stored-implicit-initial-value] {{stored implicit property 'logger' cannot have an initial value}}
  init(_ scope: ImplicitScope) {}
}
