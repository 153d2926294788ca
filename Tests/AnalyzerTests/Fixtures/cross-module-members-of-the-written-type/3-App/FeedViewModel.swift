import Caches
import Feeds
import Implicits

final class FeedViewModel {
  let feed = Feed()
  let cache: Cache = Cache()

  init() {}

  func reload() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var store = FeedStore()
    feed.load(scope)
    feed.refresh(scope)
    let latest: Feed = Feed()
    latest.load(scope)
  }

  // Broken: the cache needs the disk.
  func reloadCache() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Disk' at this entry point}}
    defer { scope.end() }
    @Implicit var store = FeedStore()
    cache.load(scope) // expected-note@:5 {{'Disk' is required by the call to 'load(_:)' here}}
    // expected-note@-1:5 {{'Disk' is read in 'Cache.load(_:)' at cross-module-members-of-the-written-type/2-Caches/Cache.swift:12:19}}
  }

  // Broken: the cache's own `refresh(_:)` needs the disk too.
  func refreshCache() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Disk' at this entry point}}
    defer { scope.end() }
    @Implicit var store = FeedStore()
    cache.refresh(scope) // expected-note@:5 {{'Disk' is required by the call to 'refresh(_:)' here}}
    // expected-note@-1:5 {{'Disk' is read in 'Cache.refresh(_:)' at cross-module-members-of-the-written-type/2-Caches/Cache.swift:20:19}}
  }
}
