import Implicits

// The coordinator opens screens, keeps their callbacks, and hands bags to code that runs later.

final class OrderCoordinator {
  private let implicits: Implicits
  @Implicit var tracker: Tracker
  var onFinish: ((Order.ID?) -> Void)?
  private var children: [AnyObject] = []

  init(_ scope: ImplicitScope) {
    implicits = #implicits
  }

  func start(_ scope: ImplicitScope) async {
    tracker.track("coordinator.start")
    let menu = MenuViewModel(scope)
    menu.onSelect = { [weak self, implicits] item in
      guard let self else { return }
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      self.showCart(adding: item, scope)
    }
    children.append(menu)
    await menu.load(scope)
    #if canImport(UIKit)
    presentMenu(menu, scope)
    #else
    printMenu(menu, scope)
    #endif
  }

  func showCart(adding item: Menu.Item, _ scope: ImplicitScope) {
    let cart = CartViewModel.make(scope)
    children.append(cart)
    Task { [implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      await cart.add(item, scope)
    }
  }

  func presentMenu(_ model: MenuViewModel, _ scope: ImplicitScope) {
    let screen = MenuScreen(model: model, scope)
    _ = screen.body
  }

  func printMenu(_ model: MenuViewModel, _ scope: ImplicitScope) {
    @Implicit var logger: any Logging
    for index in 0..<3 {
      if let item = model.element(at: index) {
        logger.log(model.price(of: item), scope)
      }
    }
  }

  func finish(_ completion: @escaping OrderCompletion) {
    onFinish = { id in
      completion(id.map { .success($0) } ?? .failure(CancellationError()))
    }
  }
}
