struct ThemeKey {}

extension ImplicitsKeys {
  static let good = Key<Int>()
  static var mutable = Key<Int>() // expected-error@:14 [named-key-malformed] {{malformed named key 'mutable'}}
  static let untyped = Key() // expected-error@:14 [named-key-malformed] {{malformed named key 'untyped'}}
  static let wrong = 42 // expected-error@:14 [named-key-malformed] {{malformed named key 'wrong'; declare named keys as 'static let wrong = Key<Value>()'}}
  var theme: ThemeKey.Type { ThemeKey.self }
}
