// The handlers read from the scope `Router.handle` gives them: a closure with untyped
// parameters handed to `on` (kept and run through a value of `Handler`), and an untyped
// closure set on `onRoute`, a property of the alias type. `main` declares what they read
// before it handles a path: no error anywhere.
import Core
import Implicits

func makeRouter() -> Router {
  let router = Router()
  router.on("/checkout") { path, scope in log(path, scope) }
  router.onRoute = { path, scope in count(path, scope) }
  return router
}

@main
struct App {
  static func main() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    @Implicit var metrics = Metrics()
    makeRouter().handle("/checkout", scope)
  }
}
