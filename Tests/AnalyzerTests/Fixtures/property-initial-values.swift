// The initial value of a stored or lazy property runs outside any scope the analyzer
// can see: implicits read there are reported.
import Implicits

struct Clock { init() {} }

final class Dashboard {
  lazy var summary: String = { // expected-error@:30 [implicit-without-scope-parameter] {{implicit 'Clock' used in 'initial value of Dashboard.summary'}}
    @Implicit var clock: Clock
    return ""
  }()

  let onRefresh: () -> Void = {
    @Implicit var clock: Clock // expected-error@:19 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Clock'}}
  }

  let title = "Dashboard"
  let formatter = { (value: Int) in "\(value)" }
}
