/// How `@Implicit(.lazy)` evaluates a declaration.
public enum ImplicitEvaluation: Sendable {
  /// Declares without running the initializer. The first read of the key from any
  /// function under the scope runs it — exactly once, also when several threads or tasks
  /// read first at the same time — on that reader's thread or task; later reads get the
  /// same value, and a declaration never read never runs it. `end()` releases the value.
  case lazy
}

extension Implicit {
  /// Declares `wrappedValue` under its type without evaluating it until the first read:
  /// `@Implicit(.lazy) var database = Database.open()`.
  @inlinable
  public init(
    wrappedValue: @autoclosure @escaping () -> Value, _ evaluation: ImplicitEvaluation,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(_lazy: wrappedValue, key: _Payload.typeIdentity(Value.self), file: file, line: line)
  }

  /// Declares `wrappedValue` under a named key without evaluating it until the first read:
  /// `@Implicit(\.catalog, .lazy) var catalog = Catalog.load()`.
  @inlinable
  public init<Key: ImplicitKeyType>(
    wrappedValue: @autoclosure @escaping () -> Value, _ key: KeySpecifier<Key>,
    _ evaluation: ImplicitEvaluation, file: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.init(_lazy: wrappedValue, key: Key._rawIdentity, file: file, line: line)
  }

  /// Declares `wrappedValue` under the type key of `type`, lazily:
  /// `@Implicit((any Store).self, .lazy) var store = DiskStore()`.
  @inlinable
  public init(
    wrappedValue: @autoclosure @escaping () -> Value, _ type: Value.Type,
    _ evaluation: ImplicitEvaluation, file: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(_lazy: wrappedValue, key: _Payload.typeIdentity(Value.self), file: file, line: line)
  }

  @usableFromInline
  init(_lazy initializer: @escaping () -> Value, key: UnsafeRawPointer, file: StaticString, line: UInt) {
    _value = nil
    _key = key
    _Lazy.declare(initializer, key: key, file: file, line: line)
  }
}
