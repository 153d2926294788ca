import Implicits

/// Keeps a value alive and opaque to the optimizer, one call per use.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// The realistic implicit: a service object (stored inline as a reference, no box).
public final class ServiceA: Sendable { public init() {} }
public final class ServiceB: Sendable { public init() {} }
public final class ServiceC: Sendable { public init() {} }

/// Eight distinct service types read round-robin by the read-N scenarios, so that the
/// measured cost is an average over eight probe sequences rather than one lucky key.
public final class Probe0: Sendable { public init() {} }
public final class Probe1: Sendable { public init() {} }
public final class Probe2: Sendable { public init() {} }
public final class Probe3: Sendable { public init() {} }
public final class Probe4: Sendable { public init() {} }
public final class Probe5: Sendable { public init() {} }
public final class Probe6: Sendable { public init() {} }
public final class Probe7: Sendable { public init() {} }

/// A value larger than a word: declared in a heap box (one malloc per declaration).
public struct Settings: Sendable {
  public var retries = 3
  public var timeout = 30
  public var verbose = false
  public init() {}
}

/// Bits of a generated key tag: `Bit1<Bit0<End>>` and so on, one distinct type per number.
public enum TagEnd {}
public enum TagBit0<Rest> {}
public enum TagBit1<Rest> {}

/// Distinct keys made at run time: key `i` is `ImplicitKey<Value, tag(i)>`, where the tag
/// spells `i` in 16 bits. Lets a context hold 10,000 different keys without 10,000
/// declarations in source.
public enum GeneratedKeys {
  static let bits = 16

  /// Declares `value(i)` under generated key `i` for every `i` in `range`, in the
  /// innermost open scope.
  public static func declare<Value>(_ range: Range<Int>, _ value: (Int) -> Value) {
    for i in range { visit(i, bit: 0, TagEnd.self, Declare(value: value(i))) }
  }

  /// The identifiers of generated keys `range` for values of type `Value`.
  public static func identifiers<Value>(_ range: Range<Int>, of _: Value.Type) -> [ImplicitKeyIdentifier] {
    range.map { i in
      var collect = Identify<Value>()
      visit(i, bit: 0, TagEnd.self, &collect)
      return collect.identifier!
    }
  }

  private protocol Visitor {
    mutating func visit<Tag>(_: Tag.Type)
  }

  private struct Declare<Value>: Visitor {
    let value: Value
    func visit<Tag>(_: Tag.Type) {
      @Implicit(ImplicitKey<Value, Tag>.self) var declared = value
      _ = declared
    }
  }

  private struct Identify<Value>: Visitor {
    var identifier: ImplicitKeyIdentifier?
    mutating func visit<Tag>(_: Tag.Type) {
      identifier = ImplicitKeyIdentifier(type: ImplicitKey<Value, Tag>.self)
    }
  }

  private static func visit<Tag, V: Visitor>(_ i: Int, bit: Int, _ tag: Tag.Type, _ visitor: V) {
    var copy = visitor
    visit(i, bit: bit, tag, &copy)
  }

  private static func visit<Tag, V: Visitor>(_ i: Int, bit: Int, _: Tag.Type, _ visitor: inout V) {
    if bit == bits { return visitor.visit(Tag.self) }
    if (i >> bit) & 1 == 1 {
      visit(i, bit: bit + 1, TagBit1<Tag>.self, &visitor)
    } else {
      visit(i, bit: bit + 1, TagBit0<Tag>.self, &visitor)
    }
  }
}

/// The task-local peer.
public enum TaskLocals {
  @TaskLocal public static var service: ServiceA?
  @TaskLocal public static var other: ServiceB?
}
