// A bag kept in a struct's property (set by its memberwise `init`) and handed from a value
// of that struct to a function that restores its `Implicits` parameter
// (`Factory.model(with: environment.implicits)`): the bag stored there captures what that
// function restores. (The seventh blind round's view environment carried the bag this way,
// and the analyzer required nothing of it: a key missing at the capture went unreported.)
import Implicits

struct Prices {}
struct Journal {}

struct ViewEnvironment {
  var title: String
  let implicits: Implicits
}

final class CartModel {
  @Implicit var prices: Prices // expected-note@:17 {{'Prices' is read by this stored property when 'init(_ scope:)' runs}}
  init(_ scope: ImplicitScope) {}
}

enum Factory {
  static func model(with implicits: Implicits) -> CartModel {
    withScope(with: implicits) { scope in CartModel(scope) } // expected-note@:43 {{'Prices' is required by the call to 'CartModel.init(_:)' here}}
  }
}

/// Hands on the bag of a parameter's property.
func open(_ environment: ViewEnvironment) -> CartModel {
  Factory.model(with: environment.implicits) // expected-note@:3 {{'Prices' is required by 'model(with:)', which restores the bag passed here}}
}

func makeShop(_ scope: ImplicitScope) -> CartModel {
  let environment = ViewEnvironment(title: "shop", implicits: Implicits.captureAll()) // expected-note@:63 {{'Prices' is captured by the 'Implicits.captureAll()' bag here}} // expected-note@:21 {{'Prices' is required where 'ViewEnvironment.implicits' is restored: 'ViewEnvironment.init(title:implicits:)' keeps the bag passed here in it}}
  _ = open(environment)
  return Factory.model(with: environment.implicits)
}

func app() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var prices = Prices()
  _ = makeShop(scope)
}

// Wrong: the environment's bag is captured where no prices are declared.
func preview() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Prices' at this entry point}}
  defer { scope.end() }
  @Implicit var journal = Journal()
  _ = makeShop(scope) // expected-note@:7 {{'Prices' is required by the call to 'makeShop(_:)' here}}
}
