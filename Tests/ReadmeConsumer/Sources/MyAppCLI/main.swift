import Implicits
import MyApp

// The composition root: declares what the feature needs, once.
let scope = ImplicitScope()
defer { scope.end() }
@Implicit var output: any Output = ConsoleOutput()
@Implicit(\.userName) var userName = "reader"
greetUser(scope)
