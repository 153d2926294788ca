import Implicits
import Shapes

final class CanvasController {
  init() {}

  func redraw(_ scope: ImplicitScope, shape: Shape) -> [Shape] {
    shape.draw(scope)
    shape.draw(scope, times: 2)
    return [Shape.draw(scope), Shape.self.draw(scope), type(of: shape).draw(scope)]
  }

  /// Metatype receivers only: the static member, which needs the palette alone.
  func duplicate(_ scope: ImplicitScope, shape: Shape) -> [Shape] {
    [type(of: shape).draw(scope), Shape.self.draw(scope)]
  }
}

func showCanvas() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette()
  @Implicit var ruler = Ruler()
  _ = CanvasController().redraw(scope, shape: Shape())
}

func duplicateShape() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette()
  _ = CanvasController().duplicate(scope, shape: Shape())
}

// Broken: `draw(scope)` on a value is the instance member, which reads the ruler.
func outlineShape(_ shape: Shape) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Ruler' at this entry point}}
  defer { scope.end() }
  @Implicit var palette = Palette()
  _ = type(of: shape).draw(scope)
  shape.draw(scope) // expected-note@:3 {{'Ruler' is required by the call to 'draw(_:)' here}}
  // expected-note@-1:3 {{'Ruler' is read in 'Shape.draw(_:)' at cross-module-metatype-receivers/1-Shapes/Shapes.swift:16:19}}
}
