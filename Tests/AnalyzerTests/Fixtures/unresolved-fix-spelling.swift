// The fix an unresolved-implicit error suggests is written in the missing key's own
// spelling: a type key is declared by calling the type, a named key through its key path,
// and a protocol (or any type that cannot be called) with an annotation.
import Implicits

protocol Logging {}
struct Wallet {}

extension ImplicitsKeys {
  static let userID = Key<String>()
}

func pay(_ scope: ImplicitScope) { @Implicit var wallet: Wallet } // expected-note@:50 {{'Wallet' is read here}}
func greet(_ scope: ImplicitScope) { @Implicit(\.userID) var id: String } // expected-note@:62 {{'\.userID' is read here}}
func log(_ scope: ImplicitScope) { @Implicit var logger: any Logging } // expected-note@:50 {{'any Logging' is read here}}
func tally(_ scope: ImplicitScope) { @Implicit var counts: [String: Int] } // expected-note@:52 {{'[String: Int]' is read here}}

func typeKey() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{(e.g. '@Implicit var wallet = Wallet(…)')}}
  defer { scope.end() }
  pay(scope) // expected-note@:3 {{'Wallet' is required by the call to 'pay(_:)' here}}
}

func namedKey() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{(e.g. '@Implicit(\.userID) var userID = …')}}
  defer { scope.end() }
  greet(scope) // expected-note@:3 {{'\.userID' is required by the call to 'greet(_:)' here}}
}

func protocolKey() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{(e.g. '@Implicit var logging: any Logging = …')}}
  defer { scope.end() }
  log(scope) // expected-note@:3 {{'any Logging' is required by the call to 'log(_:)' here}}
}

func collectionKey() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{(e.g. '@Implicit var value: [String: Int] = …')}}
  defer { scope.end() }
  tally(scope) // expected-note@:3 {{'[String: Int]' is required by the call to 'tally(_:)' here}}
}
