extension Implicit {
  /// Declares the named key `to` in the current scope with a value derived from the
  /// implicit stored under `from`:
  /// ```swift
  /// Implicit.map(\.settings, to: \.darkMode) { $0.darkMode }
  /// ```
  @inlinable
  public static func map<From: ImplicitKeyType, To: ImplicitKeyType>(
    _ from: KeySpecifier<From>, to: KeySpecifier<To>,
    file: StaticString = #fileID, line: UInt = #line,
    _ transform: (From.Value) throws -> Value
  ) rethrows where To.Value == Value {
    try _map(from: From._rawIdentity, From.Value.self, to: To._rawIdentity, file: file, line: line, transform)
  }

  /// Declares the type key `to` with a value derived from the named key `from`.
  @inlinable
  public static func map<From: ImplicitKeyType>(
    _ from: KeySpecifier<From>, to: Value.Type,
    file: StaticString = #fileID, line: UInt = #line,
    _ transform: (From.Value) throws -> Value
  ) rethrows {
    try _map(from: From._rawIdentity, From.Value.self, to: _Payload.typeIdentity(Value.self), file: file, line: line, transform)
  }

  /// Declares the named key `to` with a value derived from the type key `from`.
  @inlinable
  public static func map<From, To: ImplicitKeyType>(
    _ from: From.Type, to: KeySpecifier<To>,
    file: StaticString = #fileID, line: UInt = #line,
    _ transform: (From) throws -> Value
  ) rethrows where To.Value == Value {
    try _map(from: _Payload.typeIdentity(From.self), From.self, to: To._rawIdentity, file: file, line: line, transform)
  }

  /// Declares the type key `to` with a value derived from the type key `from`.
  @inlinable
  public static func map<From>(
    _ from: From.Type, to: Value.Type,
    file: StaticString = #fileID, line: UInt = #line,
    _ transform: (From) throws -> Value
  ) rethrows {
    try _map(from: _Payload.typeIdentity(From.self), From.self, to: _Payload.typeIdentity(Value.self), file: file, line: line, transform)
  }

  @inlinable
  static func _map<Source>(
    from: UnsafeRawPointer, _: Source.Type, to: UnsafeRawPointer,
    file: StaticString, line: UInt, _ transform: (Source) throws -> Value
  ) rethrows {
    let source = _Runtime.read(from, as: Source.self, keyName: _KeyNames.name(of: from), file: file, line: line)
    _Runtime.declare(try transform(source), key: to, keyName: _KeyNames.name(of: to), file: file, line: line)
  }
}
