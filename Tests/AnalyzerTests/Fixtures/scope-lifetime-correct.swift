// Correct code that a naive scope-lifetime rule would reject: no diagnostics.
import Foundation
import Implicits
import Testing

struct APIClient { var baseURL = "https://shop.example" }
struct Analytics {}
struct Theme {}

func loadProfile(_ scope: ImplicitScope) async throws {
  @Implicit var client: APIClient
  _ = client
}

func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

// An app's entry point: a root scope, ended by the defer right after it.
@main struct ShopApp {
  static func main() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client = APIClient()
    @Implicit var analytics = Analytics()
    try await loadProfile(scope)
    track(scope)
  }
}

final class ProfileViewModel {
  private let implicits = #implicits
  @Implicit() var client: APIClient

  // The local scope shadows the parameter: 'scope.end()' ends the local one.
  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var analytics = Analytics()
    track(scope)
  }

  func refresh() {
    Task { [implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      try await loadProfile(scope)
    }
  }

  // One scope per branch: only one of them is created on any path.
  func render(compact: Bool, _ scope: ImplicitScope) {
    if compact {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var theme = Theme()
      draw(scope)
    } else {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var theme = Theme()
      draw(scope)
    }
  }

  func badge(for count: Int, _ scope: ImplicitScope) {
    switch count {
    case 0:
      break
    default:
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var theme = Theme()
      draw(scope)
    }
  }
}

func draw(_ scope: ImplicitScope) {
  @Implicit var theme: Theme
}

// withScope creates and ends the scope itself; a closure that creates its own scope is a
// body of its own.
func handleTap(_ scope: ImplicitScope) {
  withScope(nesting: scope) { scope in
    @Implicit var theme = Theme()
    draw(scope)
  }
  let retry = { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track(scope)
  }
  retry()
}

// A scope created inside a nested block, ended by the defer right after it.
func importOrders(_ files: [String], _ scope: ImplicitScope) {
  for file in files where !file.isEmpty {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var theme = Theme()
    draw(scope)
  }
}

// Something else that has an 'end()' is not a scope.
struct Session {
  func end() {}
  func nested() -> Session { self }
}

func useSession(_ session: Session, _ scope: ImplicitScope) {
  let child = session.nested()
  child.end()
  session.end()
}

@Suite struct ProfileTests {
  @Test func loadsProfile() async throws {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var client = APIClient(baseURL: "http://localhost")
    try await loadProfile(scope)
  }
}
