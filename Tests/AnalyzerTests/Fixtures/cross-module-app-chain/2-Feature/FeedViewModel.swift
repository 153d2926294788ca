import Services

/// Forgot the logger: the error's notes go down into Services to the read.
final class FeedViewModel {
  private(set) var posts: [Post] = []
  private let service = FeedService()
  var onLoaded: (([Post]) -> Void)?

  func refresh() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
    defer { scope.end() }
    posts = service.load(scope)
    // expected-note@-1:13 {{'Logger' is required by the call to 'load(_:)' here}}
    // expected-note@-2:13 {{'Logger' is required by the call to 'record(_:_:)' in 'FeedService.load(_:)' at cross-module-app-chain/1-Services/FeedService.swift:9:5}}
    // expected-note@-3:13 {{'Logger' is read in 'record(_:_:)' at cross-module-app-chain/1-Services/Logging.swift:7:17}}
    onLoaded?(posts)
  }
}

/// Declares the logger before the call: nothing to report.
final class SettingsViewModel {
  private let service = FeedService()

  func refresh() -> [Post] {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    return service.load(scope) + service.cached()
  }
}
