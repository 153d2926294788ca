// A view model's event pipeline: stages written as methods taking the next callback, wrapped
// by hand in closures by a function the view model calls in `init`, the result kept in a
// `private let` and called for each event. The theme stage declares the theme around the
// rest of the pipeline, so the renderer behind it has it. A pipeline whose stage forwards
// silent events before it declares the theme is reported at its entry point; so is a
// renderer called directly, past the pipeline.
import Implicits

struct Event { var name: String; var isSilent: Bool }
final class Palette { let accent = "teal" }

extension ImplicitsKeys {
  static let theme = Key<String>()
}

typealias Callback = (Event, ImplicitScope) -> Void

struct ThemeStage {
  func handle(_ event: Event, _ scope: ImplicitScope, then next: Callback) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.theme) var theme = "dark"
    next(event, scope)
  }
}

/// Wrong on one path: a silent event goes on without a theme.
struct QuietThemeStage {
  func handle(_ event: Event, _ scope: ImplicitScope, then next: Callback) {
    if event.isSilent {
      next(event, scope) // expected-note@:7 {{'\.theme' is required by the closures passed for this parameter, which is called here}}
      return
    }
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.theme) var theme = "dark"
    next(event, scope)
  }
}

/// Logs every event; reads the palette its callers declare.
struct LogStage {
  func handle(_ event: Event, _ scope: ImplicitScope, then next: Callback) {
    @Implicit var palette: Palette
    print("event \(event.name) in \(palette.accent)")
    next(event, scope)
  }
}

func render(_ event: Event, _ scope: ImplicitScope) {
  @Implicit(\.theme) var theme: String // expected-note@:26 {{'\.theme' is read here}} expected-note@:26 {{'\.theme' is read here}}
  print("render \(event.name) in \(theme)")
}

func makePipeline(render: @escaping Callback) -> Callback {
  let log = LogStage()
  let theme = ThemeStage()
  let themed: Callback = { event, scope in theme.handle(event, scope, then: render) }
  return { event, scope in log.handle(event, scope, then: themed) }
}

func makeQuietPipeline(render: @escaping Callback) -> Callback {
  let theme = QuietThemeStage()
  return { event, scope in theme.handle(event, scope, then: render) } // expected-note@:10 {{'\.theme' is required by the closure created here}} expected-note@:28 {{'\.theme' is required by the call to 'handle(_:_:then:)' here}}
}

final class FeedViewModel {
  private let onEvent: Callback

  init() {
    onEvent = makePipeline(render: { event, scope in render(event, scope) })
  }

  func receive(_ event: Event, _ scope: ImplicitScope) {
    onEvent(event, scope)
  }
}

final class QuietFeedViewModel {
  private let onEvent: Callback

  init() {
    onEvent = makeQuietPipeline(render: { event, scope in render(event, scope) }) // expected-note@:41 {{'\.theme' is required by the closure created here}} expected-note@:59 {{'\.theme' is required by the call to 'render(_:_:)' here}}
  }

  func receive(_ event: Event, _ scope: ImplicitScope) {
    onEvent(event, scope) // expected-note@:5 {{'\.theme' is required by the call to 'onEvent(_:_:)' here}}
  }
}

func showFeed() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var palette = Palette()
  FeedViewModel().receive(Event(name: "appear", isSilent: false), scope)
}

func showQuietFeed() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.theme' at this entry point}}
  defer { scope.end() }
  @Implicit var palette = Palette()
  QuietFeedViewModel().receive(Event(name: "appear", isSilent: true), scope) // expected-note@:3 {{'\.theme' is required by the call to 'receive(_:_:)' here}}
}

/// Wrong: the renderer without the pipeline.
func renderDirectly() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit '\.theme' at this entry point}}
  defer { scope.end() }
  render(Event(name: "appear", isSilent: false), scope) // expected-note@:3 {{'\.theme' is required by the call to 'render(_:_:)' here}}
}
