// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does, and all held (nothing to fix): kept so they stay held.
// A String extension, an enum's switch with a payload, a convenience init, a static method
// through Self, a rethrowing retry taking a scope closure, Implicit.map, a completion handler.
import Implicits

struct Localizer { func text(_ k: String) -> String { k } }
struct Settings { var darkMode = false }
struct Store { func save(_ s: String) {} }

extension ImplicitsKeys {
  static let apiBaseURL = Key<String>()
  static let darkMode = Key<Bool>()
}

extension String {
  func localized(_ scope: ImplicitScope) -> String {
    @Implicit var localizer: Localizer // expected-note@:19 {{'Localizer' is read here}}
    return localizer.text(self)
  }
}

enum Route {
  case home, profile(id: Int)
  func title(_ scope: ImplicitScope) -> String {
    switch self {
    case .home: return "home".localized(scope) // expected-note@:24 {{'Localizer' is required by the call to 'localized(_:)' here}}
    case .profile(let id):
      @Implicit(\.apiBaseURL) var base: String // expected-note@:35 {{'\.apiBaseURL' is read here}}
      return base + "/\(id)"
    }
  }
}

final class Session {
  let name: String
  @Implicit var store: Store
  init(name: String, _ scope: ImplicitScope) { self.name = name }
  convenience init(_ scope: ImplicitScope) {
    self.init(name: "guest", scope)
  }
  func persist(_ scope: ImplicitScope) { store.save(name); Self.audit(scope) } // expected-note@:60 {{'\.darkMode' is required by the call to 'audit(_:)' here}}
  static func audit(_ scope: ImplicitScope) { @Implicit(\.darkMode) var dark: Bool; _ = dark } // expected-note@:73 {{'\.darkMode' is read here}}
}

func retry<T>(_ times: Int, _ scope: ImplicitScope, _ body: (ImplicitScope) throws -> T) rethrows -> T {
  var last: Error?
  for _ in 0..<times {
    do { return try body(scope) } catch { last = error } // expected-note@:21 {{'Localizer' is required by the closures passed for this parameter, which is called here}}
  }
  throw last!
}

func rootRoutes() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.apiBaseURL' at this entry point}}
  @Implicit var localizer = Localizer()
  _ = Route.home.title(scope) // expected-note@:7 {{'\.apiBaseURL' is required by the call to 'title(_:)' here}}
}

func rootSession() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.darkMode' at this entry point}}
  @Implicit var store = Store()
  let session = Session(scope)
  session.persist(scope) // expected-note@:3 {{'\.darkMode' is required by the call to 'persist(_:)' here}}
}

func rootRetry() throws {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Localizer' at this entry point}}
  @Implicit(\.apiBaseURL) var base = "https://x"
  let title = try retry(3, scope) { scope in // expected-note@:19 {{'Localizer' is required by the call to 'retry(_:_:)' here}} expected-note@:35 {{'Localizer' is required by the closure created here}}
    Route.profile(id: 1).title(scope) // expected-note@:5 {{'Localizer' is required by the call to 'title(_:)' here}}
  }
  _ = title
}

func rootDerived() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var settings = Settings()
  Implicit.map(Settings.self, to: \.darkMode) { $0.darkMode }
  Session.audit(scope)
}

func fetch(completion: @escaping (Result<String, Error>) -> Void) { completion(.success("x")) }
func loadProfile(_ scope: ImplicitScope) {
  fetch { result in
    if case .success(let s) = result { _ = s.localized(scope) } // expected-error@:44 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Localizer' of the enclosing scope}}
  }
}
