struct UserID {}
struct AccountID { init(_ user: UserID) {} }

extension ImplicitsKeys {
  static let account = Key<AccountID>()
}

func billing(_ scope: ImplicitScope) {
  @Implicit(\.account) var account
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'UserID'}}
  defer { scope.end() }
  Implicit.map(UserID.self, to: \.account) { AccountID($0) } // expected-note@:3 {{'UserID' is read here}}
  billing(scope)
}

func mapped() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var user = UserID()
  Implicit.map(UserID.self, to: \.account) { AccountID($0) }
  billing(scope)
}
