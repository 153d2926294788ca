extension ImplicitsKeys {
  static let locale = Key<String>() // expected-error@:14 [named-key-duplicate] {{named key 'locale' is declared more than once}}
}
