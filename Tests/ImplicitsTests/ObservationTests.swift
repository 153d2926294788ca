#if canImport(Observation)
import Observation
import Synchronization
import Testing

@testable import Implicits

/// A service a view model talks to; the tests swap it for a recording one.
protocol CartStore: AnyObject, Sendable {
  func save(_ items: [String])
}

final class RecordingCartStore: CartStore {
  private let saved = Mutex<[[String]]>([])
  var saves: [[String]] { saved.withLock { $0 } }
  func save(_ items: [String]) { saved.withLock { $0.append(items) } }
}

/// An `@Observable` view model as an app writes it: services read from the scope it is
/// created in (`@ObservationIgnored` in either order: the Observation macro must leave the
/// wrapper's storage alone), observable state beside them, and a callback for the view that
/// captures a bag and restores it when it runs.
@Observable final class CartViewModel {
  @ObservationIgnored @Implicit var store: any CartStore
  @Implicit(\.discount) @ObservationIgnored var discount: Double
  @ObservationIgnored private let implicits: Implicits

  var items: [String] = []

  init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  var total: Double { Double(items.count * 10) * (1 - discount) }

  /// What a view's button calls: adds and saves, in the bag of the model's creation.
  func add(_ item: String) {
    items.append(item)
    withScope(with: implicits) { scope in save(scope) }
  }

  /// A closure a view stores (`Button(action:)`): captures the bag now, restores it later,
  /// on whatever thread runs it.
  func onCheckout(_ scope: ImplicitScope) -> @Sendable () -> Double {
    { [implicits = Implicits.captureAll()] in
      withScope(with: implicits) { _ in
        @Implicit(\.discount) var discount: Double
        return discount
      }
    }
  }

  private func save(_ scope: ImplicitScope) {
    @Implicit var store: any CartStore
    store.save(items)
  }
}

@Suite struct ObservationTests {
  /// The root (an app's `init`, a preview, a test) declares; the model captures at init.
  func makeModel(store: any CartStore, discount: Double) -> CartViewModel {
    withScope { scope in
      @Implicit var store: any CartStore = store
      @Implicit(\.discount) var discount = discount
      return CartViewModel(scope)
    }
  }

  @Test(arguments: [0.0, 0.25])
  func aViewModelReadsItsImplicitsFromTheScopeItIsCreatedIn(discount: Double) {
    let store = RecordingCartStore()
    let model = makeModel(store: store, discount: discount)
    #expect(model.store === store)
    #expect(model.discount == discount)
    model.add("beans")
    #expect(model.total == 10 * (1 - discount))
    #expect(store.saves == [["beans"]])
  }

  @Test func observedStateStillNotifiesAndTheImplicitsDoNot() {
    let model = makeModel(store: RecordingCartStore(), discount: 0)
    let changed = Mutex(0)
    withObservationTracking { _ = model.items } onChange: { changed.withLock { $0 += 1 } }
    model.add("tea")
    #expect(changed.withLock { $0 } == 1)

    // The implicits are ignored by Observation: reading them registers nothing.
    let implicitChanged = Mutex(0)
    withObservationTracking {
      _ = model.store
      _ = model.discount
    } onChange: { implicitChanged.withLock { $0 += 1 } }
    model.add("milk")
    #expect(implicitChanged.withLock { $0 } == 0)
  }

  @Test func aCallbackRestoresTheBagOnAnotherThread() async {
    let model = makeModel(store: RecordingCartStore(), discount: 0.5)
    let onCheckout = withScope { scope in
      @Implicit(\.discount) var discount = 0.1  // what the view's scope sees when it builds
      return model.onCheckout(scope)
    }
    let read = await Task.detached { onCheckout() }.value
    #expect(read == 0.1)
    #expect(ImplicitScope.read(\.discount) == nil)
  }

  /// A preview or a test overrides one value for the models it creates, leaving the rest.
  @Test func aNestedScopeOverridesOneValueForTheModelsItCreates() {
    let live = RecordingCartStore()
    let preview = RecordingCartStore()
    let (outer, inner) = withScope { scope in
      @Implicit var store: any CartStore = live
      @Implicit(\.discount) var discount = 0.2
      let outer = CartViewModel(scope)
      let inner = withScope(nesting: scope) { scope in
        @Implicit var store: any CartStore = preview
        return CartViewModel(scope)
      }
      return (outer, inner)
    }
    #expect(outer.store === live)
    #expect(inner.store === preview)
    #expect(inner.discount == 0.2)
  }
}
#endif
