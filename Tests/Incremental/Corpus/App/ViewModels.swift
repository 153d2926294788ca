import Foundation
import Implicits

// View models: stored implicits, async loading with child tasks, overloads by label.

final class FeedViewModel {
  @Implicit var api: any APIClient
  @Implicit var cache: ImageCache
  private(set) var items: [Item] = []

  struct Item: Equatable {
    var id: Int
    var title: String
  }

  init(_ scope: ImplicitScope) {}

  func load(_ scope: ImplicitScope) async {
    await withTaskGroup(of: Item?.self) { group in
      for id in 0..<3 {
        group.addTask {
          let scope = ImplicitScope()
          defer { scope.end() }
          return await self.item(id, scope)
        }
      }
      for await item in group {
        if let item { items.append(item) }
      }
    }
  }

  func item(_ id: Int, _ scope: ImplicitScope) async -> Item? {
    @Implicit var analytics: Analytics
    analytics.track("feed.item.\(id)")
    guard let data = try? await api.fetch("/items/\(id)") else { return nil }
    cache["\(id)"] = data
    return Item(id: id, title: String(decoding: data, as: UTF8.self))
  }

  func item(named name: String, _ scope: ImplicitScope) -> Item? {
    @Implicit(\.locale) var locale: String
    return items.first { $0.title == name + locale }
  }
}

final class ProfileViewModel {
  @Implicit(\.userID) var userID: Int
  var name = ""

  init(_ scope: ImplicitScope) {}

  func refresh(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    analytics.track("profile.\(userID)")
    rename(to: "user \(userID)", scope)
  }
}
