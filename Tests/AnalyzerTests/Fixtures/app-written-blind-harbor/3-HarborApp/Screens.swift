import Foundation
import HarborCore
import Implicits

/// What every screen of the app shares: a logger read when it is created, and a bag for
/// the work UIKit triggers later.
open class BaseScreen: ViewController {
  @Implicit var logger: Logger
  let implicits: Implicits

  public init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
    super.init()
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    logger.info("\(type(of: self)) loaded")
  }
}

/// The profile: its API client is still injected, and re-declared for the loader below.
public final class ProfileViewController: BaseScreen {
  private let api: APIClient
  private(set) var header = ""
  var greeting: String = "" {
    didSet { logger.info("greeting: \(greeting)") }
  }

  public init(api: APIClient, _ scope: ImplicitScope) {
    self.api = api
    super.init(scope)
    title = "Profile"
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    withScope(with: implicits) { scope in
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var api = self.api
      header = ProfileLoader.header(scope)
    }
  }

  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    withScope(with: implicits) { scope in
      greeting = ProfileLoader.greeting(scope)
    }
  }
}

enum ProfileLoader {
  static func header(_ scope: ImplicitScope) -> String {
    @Implicit var api: APIClient
    @Implicit var session: UserSession
    return api.get("/users/\(session.userName)")
  }

  static func greeting(_ scope: ImplicitScope) -> String {
    @Implicit var session: UserSession
    return "hello, \(session.userName)"
  }
}

/// Thumbnails of the photos; its cache is injected and re-declared.
public final class GalleryViewController: BaseScreen {
  private let cache: ImageCache
  private let bag: Implicits
  public private(set) var cells: [Cell] = []
  public private(set) var selected: [Int] = []

  public init(cache: ImageCache, _ scope: ImplicitScope) {
    self.cache = cache
    bag = Implicits.captureAll()                // P2: captured before the cache is declared // expected-note@:11 {{'ImageCache' is captured by the 'Implicits.captureAll()' bag here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var cache = cache
    super.init(scope)
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    withScope(with: bag) { scope in
      cells = Thumbnails.load(["a", "b"], scope).map { text in // expected-note@:15 {{'ImageCache' is required by the call to 'load(_:_:)' here}}
        let cell = Cell()
        cell.text = text
        return cell
      }
    }
    for (index, cell) in cells.enumerated() {
      cell.onSelect = { [weak self] row in self?.selected.append(index * 10 + row) }
    }
  }
}

enum Thumbnails {
  static func load(_ names: [String], _ scope: ImplicitScope) -> [String] {
    @Implicit var cache: ImageCache // expected-note@:19 {{'ImageCache' is read here}}
    @Implicit var api: APIClient
    return names.map { name in
      if let hit = cache[url: name] { return hit }
      let image = api.get("/photos/\(name)")
      cache[url: name] = image
      return image
    }
  }
}

/// A screen of child screens.
public final class TabsViewController: BaseScreen {
  public override init(_ scope: ImplicitScope) {
    super.init(scope)
    title = "Tabs"
    let container = AppContainer.shared
    addChild(ProfileViewController(api: container.api, scope))
  }
}
