struct Logger {}

final class Service {
  @Implicit var logger = Logger() // expected-error {{stored implicit property 'logger' cannot have an initial value}}
  init(_ scope: ImplicitScope) {}
}
