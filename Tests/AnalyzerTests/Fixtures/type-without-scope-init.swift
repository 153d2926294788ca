struct Logger {}

final class Service { // expected-error@:1 [type-without-scope-init] {{type 'Service' has stored '@Implicit' properties but no 'init(_ scope: ImplicitScope)'}}
  @Implicit() var logger: Logger
  init() {}
}

struct Holder { // expected-error@:1 [type-without-scope-init] {{type 'Holder' stores a bag captured with '#implicits' but no 'init(_ scope: ImplicitScope)'}}
  let implicits = #implicits // expected-error@:19 [bag-unused] {{bag captured with '#implicits' is never restored}}
}
