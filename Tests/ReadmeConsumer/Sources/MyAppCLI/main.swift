import Implicits
import MyApp

// The composition root: declares what the feature needs, once. (Swift does not allow a
// property wrapper directly in top-level code, so the declarations sit in a closure.)
withScope { scope in
  @Implicit var output: any Output = ConsoleOutput()
  @Implicit(\.userName) var userName = "reader"
  greetUser(scope)
}
