// A view model whose loaders are `static let` closure constants of the model, `async
// throws`, called through `Self.` and by the type's name from a test-like caller. A call by
// the constant's name needs what that loader needs, not what the other loader needs.
import Implicits

final class APIClient { func page(_ number: Int) async throws -> [String] { [] } }
final class ImageCache { func warm(_ urls: [String]) async {} }

typealias Loader = (Int, ImplicitScope) async throws -> [String]

@MainActor
final class FeedViewModel {
  private(set) var items: [String] = []

  static let loadPage: Loader = { page, scope in
    @Implicit var api: APIClient // expected-note@:19 {{'APIClient' is read here}}
    return try await api.page(page)
  }

  static let prefetch: (Int, ImplicitScope) async -> Void = { page, scope in
    @Implicit var images: ImageCache // expected-note@:19 {{'ImageCache' is read here}}
    await images.warm(["\(page)"])
  }

  func refresh(_ scope: ImplicitScope) async throws {
    items = try await Self.loadPage(0, scope) // expected-note@:23 {{'APIClient' is required by the call to 'loadPage(_:_:)' here}}
  }

  func scrolled(to page: Int, _ scope: ImplicitScope) async {
    await FeedViewModel.prefetch(page + 1, scope) // expected-note@:11 {{'ImageCache' is required by the call to 'prefetch(_:_:)' here}}
  }
}

@MainActor
func showFeed() async throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = APIClient()
  @Implicit var images = ImageCache()
  let model = FeedViewModel()
  try await model.refresh(scope)
  await model.scrolled(to: 1, scope)
}

/// Loading a page needs the API client only.
@MainActor
func loadFirstPage() async throws -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = APIClient()
  return try await FeedViewModel.loadPage(0, scope)
}

// Broken: refreshing reads the API client, not declared here.
@MainActor
func refreshOffline() async throws {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'APIClient' at this entry point}}
  defer { scope.end() }
  @Implicit var images = ImageCache()
  try await FeedViewModel().refresh(scope) // expected-note@:13 {{'APIClient' is required by the call to 'refresh(_:)' here}}
}

// Broken: scrolling prefetches images.
@MainActor
func scrollWithoutCache() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'ImageCache' at this entry point}}
  defer { scope.end() }
  @Implicit var api = APIClient()
  await FeedViewModel().scrolled(to: 2, scope) // expected-note@:9 {{'ImageCache' is required by the call to 'scrolled(to:_:)' here}}
}
