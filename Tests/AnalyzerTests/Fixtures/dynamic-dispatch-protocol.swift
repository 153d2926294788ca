protocol Loader {
  func load(_ scope: ImplicitScope) // expected-error@:8 [dynamic-dispatch] {{protocol requirement 'load(_:)' takes an ImplicitScope}}
  func plain()
}
