// A view model with async methods: it keeps a bag of what its init's scope holds and
// restores it in each async method.
import Foundation
import Implicits

struct Order: Sendable { let id: Int }
protocol OrdersAPI: Sendable {}
struct HTTPOrdersAPI: OrdersAPI {}
struct Analytics: Sendable { init() {} }

func fetchOrders(_ scope: ImplicitScope) async throws -> [Order] {
  @Implicit var api: any OrdersAPI
  return []
}

func logView(_ name: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}

@MainActor
final class OrdersViewModel {
  private(set) var orders: [Order] = []
  private(set) var isLoading = false
  private let implicits = #implicits // expected-note@:27 {{'Analytics' is captured by the '#implicits' bag here}}

  init(_ scope: ImplicitScope) {}

  func load() async {
    isLoading = true
    defer { isLoading = false }
    do {
      orders = try await withScope(with: implicits) { scope in
        try await fetchOrders(scope)
      }
    } catch {
      orders = []
    }
  }

  func appear() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    logView("orders", scope) // expected-note@:5 {{'Analytics' is required by the call to 'logView(_:_:)' here}}
  }

  func refresh() async {
    @Implicit var api: any OrdersAPI // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'any OrdersAPI' used in 'OrdersViewModel.refresh()'}}
  }
}

@MainActor
func showOrders() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api: any OrdersAPI = HTTPOrdersAPI()
  @Implicit var analytics = Analytics()
  let model = OrdersViewModel(scope)
  await model.load()
}

@MainActor
func showOrdersWithoutAnalytics() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var api: any OrdersAPI = HTTPOrdersAPI()
  let model = OrdersViewModel(scope) // expected-note@:15 {{'Analytics' is required by the call to 'OrdersViewModel.init(_:)' here}}
  model.appear()
}
