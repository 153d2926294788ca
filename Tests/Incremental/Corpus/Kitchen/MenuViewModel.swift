import Implicits

// Loads the menu and the specials at once, and prices each item on a child task.

final class MenuViewModel: ListViewModel<Menu.Item> {
  @Implicit var api: any OrderAPI
  @Implicit var formatter: PriceFormatter
  var onSelect: ((Menu.Item) -> Void)?

  override init(_ scope: ImplicitScope) {
    super.init(scope)
    didAppear(scope)
  }

  func load(_ scope: ImplicitScope) async {
    isLoading = true
    defer { isLoading = false }
    async let menu = api.refreshMenu(scope)
    async let specials = loadSpecials(scope)
    let items = (await menu?.sections.flatMap(\.items) ?? []) + (try? await specials) ?? []
    replace(with: items)
  }

  func loadSpecials(_ scope: ImplicitScope) async throws -> [Menu.Item] {
    @Implicit(\.tableNumber) var table: Int
    return try await withThrowingTaskGroup(of: Menu.Item?.self) { group in
      for id in [table, table + 1] {
        group.addTask {
          try await self.special(id, scope)
        }
      }
      var found: [Menu.Item] = []
      for try await item in group {
        if let item { found.append(item) }
      }
      return found
    }
  }

  func special(_ id: Int, _ scope: ImplicitScope) async throws -> Menu.Item? {
    @Implicit var tracker: Tracker
    tracker.track("special.\(id)")
    return nil
  }

  func price(of item: Menu.Item) -> String {
    formatter.string(for: item.price)
  }

  func price(of item: Menu.Item, quantity: Int) -> String {
    formatter.string(for: item.price * Decimal(quantity))
  }
}
