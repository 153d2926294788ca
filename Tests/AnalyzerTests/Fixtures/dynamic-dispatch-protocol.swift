protocol Loader {
  func load(_ scope: ImplicitScope) // expected-error {{protocol requirement 'load(_:)' takes an ImplicitScope}}
  func plain()
}
