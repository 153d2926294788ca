import Foundation
import Implicits
import Observation

/// SwiftUI-style: views are structs with a body built from a scope; callbacks are wrapped.
struct Button {
  let title: String
  let action: () -> Void
  init(_ title: String, action: @escaping () -> Void) {
    self.title = title
    self.action = action
  }
}

struct Row {
  let id: Int
  let onSelect: (Int) -> Void
}

@Observable
final class NotesViewModel {
  var notes: [String] = []
  var selected: Int?
  @ObservationIgnored private let service = ListService(repository: NoteRepository())
  @ObservationIgnored var onOpen: ((Int) -> Void)?

  init() {}

  func reload(_ scope: ImplicitScope) {
    notes = service.load(scope) // expected-note@:13 {{'Clock' is required by the call to 'load(_:)' here}}
  }

  func rows(_ scope: ImplicitScope) -> [Row] {
    let select = withNoteSelectionImplicits { (id: Int, scope) in
      @Implicit var logger: Logger
      logger.log("select \(id)")
      self.selected = id
      self.onOpen?(id)
    }
    return notes.indices.map { Row(id: $0, onSelect: select) }
  }

  func refreshButton(_ scope: ImplicitScope) -> Button {
    Button("Refresh", action: withRefreshImplicits { scope in
      self.reload(scope)
    })
  }
}

struct NotesScreen {
  let model: NotesViewModel

  func body(_ scope: ImplicitScope) -> [String] {
    let rows = model.rows(scope)
    let refresh = model.refreshButton(scope)
    return rows.map { "row \($0.id)" } + [refresh.title]
  }
}

final class AppCoordinator {
  private let model = NotesViewModel()
  private var screens: [String] = []
  private let flags: FeatureFlags

  init(flags: FeatureFlags) {
    self.flags = flags
  }

  func start() -> [String] {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    @Implicit var clock = Clock()
    @Implicit var flags = flags
    model.onOpen = { [weak self] id in self?.screens.append("note \(id)") }
    model.reload(scope)
    return NotesScreen(model: model).body(scope)
  }

  func openCheckout(_ scope: ImplicitScope) {
    @Implicit var flags: FeatureFlags
    if flags.newCheckout {
      screens.append("checkout")
    }
  }

  // Forgets the clock the service reads.
  func startWithoutClock() {
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger()
    model.reload(scope) // expected-note@:5 {{'Clock' is required by the call to 'reload(_:)' here}}
  }
}

/// Ported from yandex/implicits' README: a bag captured for a callback.
final class PaymentFlow {
  private let implicits = Implicits.captureAll()
  private var completion: (() -> Void)?

  init(_ scope: ImplicitScope) {}

  func pay(amount: Int) {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var logger: Logger
    logger.log("paid \(amount)")
    completion = { [implicits = Implicits.captureAll()] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      Self.receipt(scope)
    }
    completion?()
  }

  static func receipt(_ scope: ImplicitScope) {
    @Implicit var clock: Clock
    _ = clock.now()
  }
}

func checkoutSession() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  @Implicit var flags = FeatureFlags()
  let coordinator = AppCoordinator(flags: FeatureFlags())
  coordinator.openCheckout(scope)
  let flow = PaymentFlow(scope)
  flow.pay(amount: 10)
}
