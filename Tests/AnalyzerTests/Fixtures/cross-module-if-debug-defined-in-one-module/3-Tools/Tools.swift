// analyzer-define: DEBUG
// Developer tools built with `--define DEBUG`: the theme declared under `#if DEBUG` is
// declared, and the debug menu, where DEBUG holds, reads it.
import DebugMenu
import Implicits

func openTools() {
  let scope = ImplicitScope()
  defer { scope.end() }
#if DEBUG
  @Implicit var theme = MenuTheme()
#endif
  _ = debugMenuTitle(scope)
}
