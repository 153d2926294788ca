extension ImplicitsKeys {
  static let locale = Key<String>() // expected-note@:14 {{first declared here}}
}
