/// Runs `body` in a new scope that ends when `body` returns or throws.
///
/// ```swift
/// withScope { scope in
///   @Implicit var logger = Logger()
///   run(scope)
/// }
/// ```
public func withScope<Result>(
  file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) throws -> Result
) rethrows -> Result {
  let scope = ImplicitScope(file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try body(scope)
}

/// Runs `body` in a scope whose visible context is exactly the values of `bag`.
public func withScope<Result>(
  with bag: Implicits, file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) throws -> Result
) rethrows -> Result {
  let scope = ImplicitScope(with: bag, file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try body(scope)
}

/// Runs `body` in a scope nested in `outer`.
public func withScope<Result>(
  nesting outer: ImplicitScope, file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) throws -> Result
) rethrows -> Result {
  let scope = outer.nested(file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try body(scope)
}

/// Runs the asynchronous `body` in a new scope; the scope's values follow the task
/// across suspension points and are inherited by child tasks created in `body`.
public func withScope<Result>(
  isolation: isolated (any Actor)? = #isolation,
  file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) async throws -> Result
) async rethrows -> Result {
  let scope = ImplicitScope(file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try await body(scope)
}

/// Runs the asynchronous `body` in a scope whose visible context is exactly `bag`.
public func withScope<Result>(
  with bag: Implicits, isolation: isolated (any Actor)? = #isolation,
  file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) async throws -> Result
) async rethrows -> Result {
  let scope = ImplicitScope(with: bag, file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try await body(scope)
}

/// Runs the asynchronous `body` in a scope nested in `outer`.
public func withScope<Result>(
  nesting outer: ImplicitScope, isolation: isolated (any Actor)? = #isolation,
  file: StaticString = #fileID, line: UInt = #line,
  _ body: (ImplicitScope) async throws -> Result
) async rethrows -> Result {
  let scope = outer.nested(file: file, line: line)
  defer { scope.end(file: file, line: line) }
  return try await body(scope)
}
