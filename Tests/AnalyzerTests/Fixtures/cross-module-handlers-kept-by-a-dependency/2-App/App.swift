// The handlers read from the scope `Router.handle` gives them, not from `makeRouter`'s
// (which has none): a function named as a value, a closure with untyped parameters, and an
// untyped closure stored in the router's closure property. `main` declares every key they
// read before it handles a path: no error anywhere.
import Core
import Implicits

func checkout(_ path: String, _ scope: ImplicitScope) -> String {
  audit("checkout", scope)
  return currentUser(scope)
}

func makeRouter() -> Router {
  let router = Router()
  router.on("/checkout", checkout)
  router.on("/hello") { path, scope in Greeting().render(scope) }
  router.onMissing = { path, scope in
    audit("missing \(path)", scope)
    return "404"
  }
  return router
}

@main
struct App {
  static func main() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    @Implicit var session = Session()
    @Implicit var flags = FeatureFlags()
    let router = makeRouter()
    print(router.handle("/checkout", scope))
  }
}
