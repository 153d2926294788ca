struct ThemeKey {}

extension ImplicitsKeys {
  static let good = Key<Int>()
  static var mutable = Key<Int>() // expected-error@:14 [named-key-malformed] {{malformed named key 'mutable'}}
  static let untyped = Key() // expected-error@:14 [named-key-malformed] {{malformed named key 'untyped'}}
  static let wrong = 42 // expected-error@:14 [named-key-malformed] {{malformed named key 'wrong'; declare named keys as 'static let wrong = Key<Value>()'}}
  var theme: ThemeKey.Type { ThemeKey.self }
}

enum _region_Tag {}

extension ImplicitsKeys {
  // Tags and hand-written accessors belong here too.
  enum _locale_Tag {}
  var locale: ImplicitKey<String, _locale_Tag>.Type { ImplicitKey<String, _locale_Tag>.self }
  typealias RegionKey = ImplicitKey<String, _region_Tag>
  var region: RegionKey.Type { RegionKey.self }

  static func makeKey() -> Int { 0 } // expected-error@:3 [named-key-malformed] {{'extension ImplicitsKeys' holds only named keys}}
  static let first = Key<Int>(), second = Key<Int>() // expected-error@:3 [named-key-malformed] {{malformed named key declaration}}
  let instance = Key<Int>() // expected-error@:7 [named-key-malformed] {{malformed named key 'instance'}}
}
