// analyzer-flag: enable-exporting
struct Config {}

@_spi(Implicits) public func exported(_ scope: ImplicitScope) {
  @Implicit var config: Config
}

@_spi(Implicits) func notPublic(_ scope: ImplicitScope) {} // expected-error@:23 [export-not-public] {{'@_spi(Implicits)' function 'notPublic(_:)' must be 'public' to be exported}}

@_spi(Implicits) public func noScope() {} // expected-error@:30 [export-not-implicit] {{'@_spi(Implicits)' function 'noScope()' takes no ImplicitScope}}

public func unmarked(_ scope: ImplicitScope) {}
