import Implicits

public struct Theme { public init() {} }

/// Draws every screen; each draws through a helper nested in this body, which no other
/// module can call.
public func redrawAll(_ screens: [String], _ scope: ImplicitScope) {
  func refresh(_ scope: ImplicitScope) { // expected-error@:16 [scope-parameter-in-local-function] {{local function 'refresh' takes an ImplicitScope}}
    @Implicit var theme: Theme
  }
  func currentFeed() -> String { screens.first ?? "" }
  for _ in screens where !currentFeed().isEmpty { refresh(scope) }
}

