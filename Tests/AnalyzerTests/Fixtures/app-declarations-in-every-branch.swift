// A declaration in a nested block goes to the frame on top, which the block does not end:
// at run time it stays declared after the block. The analyzer cannot know whether a block
// runs, so what a block declares counts after it only when the statement always runs one of
// its blocks (`if … else`, `switch`, `do … catch`) and every block that reaches the end
// declares it; a block that ends in `return`, `throw`, `continue` or a `break` out of the
// statement does not reach it. (As for the clauses of an `#if` the analyzer cannot decide.)
import Implicits

protocol API {}
struct LiveAPI: API { init() {} }
struct MockAPI: API { init() {} }
struct Config {
  static func load() throws -> Config { Config() }
  static let fallback = Config()
}
struct User { let name: String }
struct Theme { init() {} }
enum Environment { case production, staging, preview }

func load(_ scope: ImplicitScope) {
  @Implicit var api: any API // expected-note@:17 {{'any API' is read here}} // expected-note@:17 {{'any API' is read here}} // expected-note@:17 {{'any API' is read here}} // expected-note@:17 {{'any API' is read here}} // expected-note@:17 {{'any API' is read here}} // expected-note@:17 {{'any API' is read here}}
}

func configure(_ scope: ImplicitScope) {
  @Implicit var config: Config // expected-note@:17 {{'Config' is read here}}
}

func greet(_ scope: ImplicitScope) {
  @Implicit var user: User
}

func paint(_ scope: ImplicitScope) {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}} // expected-note@:17 {{'Theme' is read here}} // expected-note@:17 {{'Theme' is read here}}
}

// Every block of the `if … else` declares the API.
func start(useMock: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  if useMock {
    @Implicit var api: any API = MockAPI()
  } else {
    @Implicit var api: any API = LiveAPI()
  }
  load(scope)
}

// Without an `else`, the block may not run.
func startWithoutElse(useMock: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  if useMock {
    @Implicit var api: any API = MockAPI()
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// An `else if` chain ending in `else`: one block always runs.
func startFromEnvironment(_ environment: Environment) {
  let scope = ImplicitScope()
  defer { scope.end() }
  if environment == .production {
    @Implicit var api: any API = LiveAPI()
  } else if environment == .staging {
    @Implicit var api: any API = LiveAPI()
  } else {
    @Implicit var api: any API = MockAPI()
  }
  load(scope)
}

// An `else if` chain without the last `else`: when neither condition holds, nothing runs.
func startFromTwoEnvironments(_ environment: Environment) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  if environment == .production {
    @Implicit var api: any API = LiveAPI()
  } else if environment == .staging {
    @Implicit var api: any API = MockAPI()
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// A switch always runs one case; a case that returns does not reach the end.
func startSwitching(_ environment: Environment) {
  let scope = ImplicitScope()
  defer { scope.end() }
  switch environment {
  case .production:
    @Implicit var api: any API = LiveAPI()
  case .staging:
    @Implicit var api: any API = MockAPI()
  case .preview:
    return
  }
  load(scope)
}

// `break` ends only the switch: the preview case reaches the call without an API.
func startSwitchingWithBreak(_ environment: Environment) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  switch environment {
  case .production, .staging:
    @Implicit var api: any API = LiveAPI()
  case .preview:
    break
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// The configuration from disk, or the fallback when loading throws.
func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  do {
    @Implicit var config = try Config.load()
  } catch {
    @Implicit var config = Config.fallback
  }
  configure(scope)
}

// A `catch` that logs and goes on reaches the call without a configuration.
func launchLogging() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Config' at this entry point}}
  defer { scope.end() }
  do {
    @Implicit var config = try Config.load()
  } catch {
    print(error)
  }
  configure(scope) // expected-note@:3 {{'Config' is required by the call to 'configure(_:)' here}}
}

// A `catch` that throws again, and a `do` without `catch`: a throw leaves the function.
func launchOrFail() throws {
  let scope = ImplicitScope()
  defer { scope.end() }
  do {
    @Implicit var config = try Config.load()
  } catch {
    throw error
  }
  configure(scope)
  do {
    @Implicit var theme = Theme()
  }
  paint(scope)
}

// The block that does not declare returns first.
func welcome(_ cached: User?) {
  let scope = ImplicitScope()
  defer { scope.end() }
  if let cached {
    @Implicit var user: User = cached
  } else {
    return
  }
  greet(scope)
}

// Declared in a nested scope of the block: ended with it.
func startNested(useMock: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  if useMock {
    let inner = scope.nested()
    defer { inner.end() }
    @Implicit var api: any API = MockAPI()
  } else {
    @Implicit var api: any API = LiveAPI()
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// Each block declares something else: only what both declare counts.
func startDifferently(useMock: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  if useMock {
    @Implicit var api: any API = MockAPI()
    @Implicit var theme = Theme()
  } else {
    @Implicit var api: any API = LiveAPI()
  }
  load(scope)
  paint(scope) // expected-note@:3 {{'Theme' is required by the call to 'paint(_:)' here}}
}

// A loop body may not run at all.
func startEach(_ environments: [Environment]) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  for _ in environments {
    @Implicit var theme = Theme()
  }
  paint(scope) // expected-note@:3 {{'Theme' is required by the call to 'paint(_:)' here}}
}

// Blocks inside blocks, in a function that receives its scope, and in a `withScope` body.
func prepare(_ scope: ImplicitScope, _ environment: Environment, dark: Bool) {
  let scope = scope.nested()
  defer { scope.end() }
  switch environment {
  case .production:
    if dark {
      @Implicit var theme = Theme()
    } else {
      @Implicit var theme = Theme()
    }
  case .staging, .preview:
    @Implicit var theme = Theme()
  }
  paint(scope)
}

func preview(dark: Bool) {
  withScope { scope in
    if dark {
      @Implicit var theme = Theme()
    } else {
      @Implicit var theme = Theme()
    }
    paint(scope)
  }
}

// A labeled `break` out of the loop leaves the switch without reaching the call.
func scan(_ environments: [Environment]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  loop: for environment in environments {
    switch environment {
    case .production:
      @Implicit var theme = Theme()
    case .staging, .preview:
      break loop
    }
    paint(scope)
  }
}


// A `break` before the end of a case leaves the switch without the declaration after it.
func startSwitchingWithEarlyBreak(_ environment: Environment, ready: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  switch environment {
  case .production:
    if !ready { break }
    @Implicit var api: any API = LiveAPI()
  case .staging, .preview:
    @Implicit var api: any API = MockAPI()
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// `break` out of a labeled `if` reaches its end from inside the block.
func startLabeled(useMock: Bool, ready: Bool) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'any API' at this entry point}}
  defer { scope.end() }
  choice: if useMock {
    if !ready { break choice }
    @Implicit var api: any API = MockAPI()
  } else {
    @Implicit var api: any API = LiveAPI()
  }
  load(scope) // expected-note@:3 {{'any API' is required by the call to 'load(_:)' here}}
}

// A `repeat` body runs at least once; with a `continue` in it, maybe not to its end.
func retry(attempts: Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  var attempt = 0
  repeat {
    @Implicit var theme = Theme()
    attempt += 1
  } while attempt < attempts
  paint(scope)
}

func retrySkipping(attempts: Int) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  var attempt = 0
  repeat {
    attempt += 1
    if attempt == 1 { continue }
    @Implicit var theme = Theme()
  } while attempt < attempts
  paint(scope) // expected-note@:3 {{'Theme' is required by the call to 'paint(_:)' here}}
}


// A block that stops the program does not reach the end.
func startKnown(_ environment: Environment) {
  let scope = ImplicitScope()
  defer { scope.end() }
  switch environment {
  case .production, .staging:
    @Implicit var api: any API = LiveAPI()
  case .preview:
    fatalError("no API in previews")
  }
  load(scope)
  if environment == .production {
    @Implicit var theme = Theme()
  } else {
    preconditionFailure()
  }
  paint(scope)
}
