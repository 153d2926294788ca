// A typealias names the same key as the type it stands for.
protocol Logging {}
struct ConsoleLogger: Logging { init() {} }
struct FileLogger: Logging { init() {} }

typealias AppLogger = ConsoleLogger
typealias Headers = [String: String]

enum Networking {
  typealias Token = String
}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: AppLogger // expected-note@:17 {{'ConsoleLogger' is read here}}
  @Implicit var headers: Headers
  @Implicit var token: Networking.Token
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = ConsoleLogger()
  @Implicit var headers: [String: String] = [:]
  @Implicit var token = "secret"
  log(scope)
}

func startWithFileLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'ConsoleLogger' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = FileLogger()
  @Implicit var headers = Headers()
  @Implicit var token: Networking.Token = "secret"
  log(scope) // expected-note@:3 {{'ConsoleLogger' is required by the call to 'log(_:)'}}
}

// An alias that names the standard library's type of the same name (vapor writes this):
// looking a member up through it ends.
public typealias CodingKeyRepresentable = Swift.CodingKeyRepresentable

func describe(_ key: any CodingKeyRepresentable, _ scope: ImplicitScope) {
  let representable: CodingKeyRepresentable = key
  representable.render(scope) // expected-error@:3 [unresolved-call] {{cannot resolve the implicit function 'render(_:)'}}
}
