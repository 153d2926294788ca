import Kit

func launch() {
  withServices { scope in
    log(scope)
  }
}

func refresh() async {
  await withServices { scope in
    log(scope)
    track(scope)
  }
}

func report() async throws {
  let done = try await withServices { scope in
    track(scope)
    return true
  }
  _ = done
}

// The synchronous form declares no analytics.
func launchTracked() {
  withServices { scope in // expected-error@:3 [unresolved-implicit] {{unresolved implicit 'Analytics' in the scope that 'Kit.withServices(_:)' opens for the closure passed here}} // expected-note@:16 {{'Analytics' is required by the closure created here}}
    track(scope) // expected-note@:5 {{'Analytics' is required by the call to 'track(_:)' here}} // expected-note@:5 {{'Analytics' is read in 'track(_:)' at cross-module-async-overloads/1-Kit/Dependencies.swift:28:17}}
  }
}
