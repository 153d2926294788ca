import Implicits

struct Logger {}
struct Theme {}

func render(_ scope: ImplicitScope) {
  @Implicit var logger: Logger  // expected-note@:17 {{'Logger' is read here}}
}

// A preview host keeps the empty bag to render with nothing of the app around it: a
// `let` of `Implicits()` that nothing captures into is the empty bag, not an unknown one.
final class PreviewHost {
  private let empty = Implicits()

  func renderPreview() {
    withScope(with: empty) { scope in
      @Implicit var logger = Logger()
      render(scope)
    }
  }
}

// Its restores may read only what they declare: the rest is reported at that initial value.
final class BrokenPreviewHost {
  private let empty = Implicits()  // expected-error@:23 [unresolved-implicit] {{unresolved implicit 'Logger' in a scope restored from an empty bag}} expected-note@:23 {{'Logger' is required where 'BrokenPreviewHost.empty' is restored, which keeps the bag stored here}}

  func renderPreview() {
    withScope(with: empty) { scope in
      @Implicit var theme = Theme()
      render(scope)  // expected-note@:7 {{'Logger' is required by the call to 'render(_:)' here}}
    }
  }
}
