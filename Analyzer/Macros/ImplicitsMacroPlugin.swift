#if ImplicitsMacros
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that serves the `Implicits` macros.
@main
struct ImplicitsMacroPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    ImplicitsBagMacro.self,
    NamedImplicitKeyMacro.self,
  ]
}
#else
/// Built without the `ImplicitsMacros` trait: nothing to serve.
@main
enum ImplicitsMacroPlugin {
  static func main() {}
}
#endif
