class Base {
  func load(_ scope: ImplicitScope) {} // expected-error@:8 [dynamic-dispatch] {{overridable method 'load(_:)' takes an ImplicitScope}}
  final func fixed(_ scope: ImplicitScope) {}
  private func hidden(_ scope: ImplicitScope) {}
  static func make(_ scope: ImplicitScope) {}
  init(_ scope: ImplicitScope) {}
}

final class Sealed {
  func load(_ scope: ImplicitScope) {}
}

struct Value {
  func load(_ scope: ImplicitScope) {}
}
