import Implicits

/// Runs a handler it is given, non-escaping through an alias: the closure passed needs
/// what is visible here.
func withTiming(_ request: Request, _ scope: ImplicitScope, _ handler: Handler) async throws -> Response {
  try await handler(request, scope) // expected-note@:13 {{'Metrics' is required by the closures passed for this parameter, which is called here}}
}

/// An optional handler, called if present.
func maybe(_ request: Request, _ scope: ImplicitScope, _ handler: Handler?) async throws -> Response? {
  try await handler?(request, scope)
}

func serve(_ request: Request) async throws -> Response {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  @Implicit var session = Session()
  let table = RouteTable()
  _ = try await maybe(request, scope, nil)
  _ = try await withTiming(request, scope) { request, scope in
    countRequest(request, scope)
    return Response(status: 204)
  }
  return try await table.dispatch(request, scope)
}

// Broken: a stored route reads the session, which this server does not declare.
func serveAnonymously(_ request: Request) async throws -> Response {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Session' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  return try await RouteTable().dispatch(request, scope) // expected-note@:20 {{'Session' is required by the call to 'dispatch(_:_:)' here}}
}

// Broken: the middleware counts requests, and nothing here declares the metrics.
func serveUncounted(_ request: Request) async throws -> Response {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  @Implicit var session = Session()
  return try await RouteTable().dispatch(request, scope) // expected-note@:20 {{'Metrics' is required by the call to 'dispatch(_:_:)' here}}
}

// Broken: the closure given to `withTiming` runs there, with what this function has.
func timed(_ request: Request) async throws -> Response {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  return try await withTiming(request, scope) { request, scope in // expected-note@:20 {{'Metrics' is required by the call to 'withTiming(_:_:)' here}} // expected-note@:47 {{'Metrics' is required by the closure created here}}
    countRequest(request, scope) // expected-note@:5 {{'Metrics' is required by the call to 'countRequest(_:_:)' here}}
    return Response(status: 204)
  }
}
