// The base class every screen's view model inherits `init(_ scope:)` from; its subclasses
// live in other files and declare no initializer of their own.
import Implicits

struct Logger { var name: String }

class BaseViewModel {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read by this stored property when 'init(_ scope:)' runs}}

  init(_ scope: ImplicitScope) {}

  func log(_ text: String) { print(logger.name, text) }
}
