extension ImplicitsKeys {
  static let locale = Key<String>() // expected-error {{named key 'locale' is declared more than once}}
}
