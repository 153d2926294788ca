// Written blind in the session-29 hunt, as app code is written; every answer was checked by
// hand against what the runtime does, and all held (nothing to fix): kept so they stay held.
// Rows made in map, a ternary, a sort comparator that reads, Optional.map,
// DispatchQueue.main.async and a lazy map (both escaping), a coordinator with child
// coordinators.
import Implicits
#if canImport(Dispatch)
import Dispatch
#endif

struct Theme { var accent = "blue" }
struct Formatter { func format(_ n: Int) -> String { "\(n)" } }
struct Router { func open(_ s: String) {} }
struct Tracker { func track(_ s: String) {} }

struct Row {
  let title: String
  init(_ n: Int, _ scope: ImplicitScope) {
    @Implicit var formatter: Formatter
    title = formatter.format(n)
  }
}

struct ListView {
  @Implicit var theme: Theme
  let rows: [Row]
  init(_ numbers: [Int], _ scope: ImplicitScope) {
    rows = numbers.map { Row($0, scope) }
  }
  var header: String { "accent \(theme.accent)" }
}

func title(_ scope: ImplicitScope) -> String { @Implicit var formatter: Formatter; return formatter.format(1) }
func subtitle(_ scope: ImplicitScope) -> String { @Implicit var tracker: Tracker; tracker.track("s"); return "s" }

func screen(_ compact: Bool, _ scope: ImplicitScope) -> String {
  let label = compact ? title(scope) : subtitle(scope)
  let sorted = [3, 1, 2].sorted { a, b in // expected-note@:33 {{'Tracker' is required by the closure created here}}
    @Implicit var tracker: Tracker // expected-note@:19 {{'Tracker' is read here}}
    tracker.track("cmp")
    return a < b
  }
  let maybe: Int? = sorted.first
  let mapped = maybe.map { Row($0, scope).title } ?? ""
  return "\(label) \(title(scope)) \(mapped)"
}

func rootScreen() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Tracker' at this entry point}}
  @Implicit var theme = Theme()
  @Implicit var formatter = Formatter()
  _ = ListView([1, 2], scope)
  _ = screen(true, scope) // expected-note@:7 {{'Tracker' is required by the call to 'screen(_:_:)' here}}
}

func rootScreenOK() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var formatter = Formatter()
  @Implicit var tracker = Tracker()
  _ = ListView([1, 2], scope)
  _ = screen(false, scope)
}

// An escaping closure using the scope directly: must be reported.
func later(_ scope: ImplicitScope) {
  DispatchQueue.main.async {
    _ = title(scope) // expected-error@:9 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
  }
}

// A lazy map keeps the closure for later: it runs when iterated.
func lazyRows(_ scope: ImplicitScope) -> [String] {
  let rows = [1, 2].lazy.map { Row($0, scope).title } // expected-error@:32 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Formatter' of the enclosing scope}}
  return Array(rows)
}
func rootLazyRows() {
  let scope = ImplicitScope(); defer { scope.end() }
  _ = lazyRows(scope)
}

// Coordinator with child coordinators and a completion callback.
final class Coordinator {
  var children: [Coordinator] = []
  var onFinish: (() -> Void)?
  @Implicit var router: Router // expected-note@:17 {{'Router' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
  func start(_ scope: ImplicitScope) {
    let child = Coordinator(scope) // expected-note@:17 {{'Router' is required by the call to 'Coordinator.init(_:)' here}}
    child.onFinish = { [weak self] in self?.children.removeAll() }
    children.append(child)
    router.open("home")
  }
}
func rootCoordinator() {
  let scope = ImplicitScope(); defer { scope.end() } // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Router' at this entry point}}
  Coordinator(scope).start(scope) // expected-note@:3 {{'Router' is required by the call to 'Coordinator.init(_:)' here}} expected-note@:3 {{'Router' is required by the call to 'start(_:)' here}}
}
