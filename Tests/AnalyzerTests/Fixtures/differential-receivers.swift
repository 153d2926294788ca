// Found by the differential test (Tests/Differential, seed 1): two types with methods of the
// same name that need different implicits; each call's receiver (an instance made with
// `T()`, `self`, `Self`, the type) says which one runs. The analyzer reported the calls
// as ambiguous until issue 18 item 3.
import Implicits

struct Feed {
  let items: Int
}

struct Profile {
  let name: String
}

struct FeedService {
  func load(_ scope: ImplicitScope) {
    @Implicit var feed: Feed
    print(feed.items)
  }
  static func refresh(_ scope: ImplicitScope) {
    FeedService().load(scope)
  }
  func reload(_ scope: ImplicitScope) {
    self.load(scope)
    Self.refresh(scope)
  }
}

struct ProfileService {
  func load(_ scope: ImplicitScope) {
    @Implicit var profile: Profile // expected-note@:19 {{'Profile' is read here}}
    print(profile.name)
  }
  static func refresh(_ scope: ImplicitScope) {
    ProfileService().load(scope)
  }
  func reload(_ scope: ImplicitScope) {
    load(scope) // expected-note@:5 {{'Profile' is required by the call to 'load(_:)' here}}
    ProfileService.refresh(scope)
  }
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var feed = Feed(items: 3)
  FeedService().reload(scope)
  FeedService.refresh(scope)
}

func profileWithoutValue() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Profile' at this entry point}}
  defer { scope.end() }
  @Implicit var feed = Feed(items: 3)
  FeedService().reload(scope)
  ProfileService().reload(scope) // expected-note@:3 {{'Profile' is required by the call to 'reload(_:)' here}}
}
