// A split-view coordinator is handed a detail's scope and model as one tuple. Bound by
// destructuring (`let (scope, model) = entry`), the scope is one the analyzer does not
// follow, exactly as `entry.scope` or `entry.0` is: what it provides is unknown, so the
// call passing it is reported. Before, the name was bound without a type and the call
// went unchecked (a silent miss: `render` reads a `Router` nobody may provide).
import Implicits

struct Theme { init() {} }
struct Router { init() {} }
final class DetailModel {}

func render(_ model: DetailModel, _ scope: ImplicitScope) {
  @Implicit var theme: Theme
  @Implicit var router: Router
}

final class SplitCoordinator {
  func showDetail(_ entry: (scope: ImplicitScope, model: DetailModel)) {
    let (scope, model) = entry
    render(model, scope) // expected-error@:19 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  }

  func showPair(_ pair: (ImplicitScope, DetailModel)) {
    let (scope, _) = pair
    render(DetailModel(), scope) // expected-error@:27 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  }

  func showTyped(_ entry: (ImplicitScope, DetailModel)) {
    let (scope, model): (ImplicitScope, DetailModel) = entry
    render(model, scope) // expected-error@:19 [scope-not-followed] {{the analyzer cannot follow the scope in 'scope': it is not this function's scope parameter nor a scope created here, so what it provides is unknown}}
  }

  func showDetail(_ model: DetailModel, _ scope: ImplicitScope) {
    render(model, scope)
  }

  func summary(_ pair: (title: String, count: Int)) -> String {
    let (title, count) = pair
    return "\(title) \(count)"
  }
}

func open(_ coordinator: SplitCoordinator) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var router = Router()
  coordinator.showDetail(DetailModel(), scope)
}
