struct Logger {}

final class Service { // expected-error {{type 'Service' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)'}}
  @Implicit() var logger: Logger
  init() {}
}

struct Holder { // expected-error {{type 'Holder' stores a bag captured with '#implicits' but no 'init(_ scope: ImplicitScope)'}}
  let implicits = #implicits // expected-error {{bag captured with '#implicits' is never restored}}
}
