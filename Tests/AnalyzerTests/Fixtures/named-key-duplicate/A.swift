extension ImplicitsKeys {
  static let locale = Key<String>() // expected-note {{first declared here}}
}
