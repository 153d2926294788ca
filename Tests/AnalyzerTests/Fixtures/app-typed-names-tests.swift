// Tests and a helper type: stored properties (`name` and `self.name`), a superclass's
// property, closure parameters with written types, shadowing by an untyped local.
import Implicits

struct Clock: Sendable { init() {} }
struct Database: Sendable { init() {} }
struct Mailer: Sendable { init() {} }

func sendDigest(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
  @Implicit var database: Database
}

func sendMail(_ scope: ImplicitScope) {
  @Implicit var mailer: Mailer
}

class DigestTestCase {
  let clock = Clock()
  var database: Database = Database()
}

final class DigestTests: DigestTestCase {
  let mailer: Mailer

  override init() {
    mailer = Mailer()
  }

  func testDigest() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var clock = clock
    @Implicit var database = self.database
    sendDigest(scope)
  }

  func testMail() {
    let send: (Mailer) -> Void = { (mailer: Mailer) in
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var mailer = mailer
      sendMail(scope)
    }
    send(mailer)
  }

  func testLocalFromFactory() {
    let mailer = makeMailer()
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var mailer = mailer
    sendMail(scope)
  }

  func testShadowed(_ mailers: [Mailer?]) {
    let mailer = mailers.first!
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var mailer = mailer // expected-error@:19 [key-not-inferable] {{cannot infer the key of implicit 'mailer'}}
    sendMail(scope)
  }

  func makeMailer() -> Mailer { Mailer() }
}
