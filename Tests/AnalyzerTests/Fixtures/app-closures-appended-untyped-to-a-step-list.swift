// An untyped closure appended to a collection property of a scope-closure alias
// ('steps.append { scope in … }' with 'var steps: [Step]') takes the scope each run of the
// list gives it. Before, it was taken for a closure that captures the enclosing scope: a
// false '#escaping-closure-uses-implicit' at its read (the typed '{ (scope: ImplicitScope)
// in … }' and a local '[Step]' were right): the property's element was not read through
// the alias.
// What is right: no diagnostic. The closure reads from the scope each run of the list gives
// it (`step(scope)` in `run`), and `root` declares `Permissions` before running it. Found by
// session 30's H3 (function values appended) and reproduced by the lead.
import Implicits

struct Permissions { func ask() {} }
typealias Step = (ImplicitScope) -> Void

final class Onboarding {
  var steps: [Step] = []
  func configure() {
    steps.append { scope in
      @Implicit var permissions: Permissions
      permissions.ask()
    }
  }
  func run(_ scope: ImplicitScope) {
    for step in steps { step(scope) }
  }
}

func localSteps(_ scope: ImplicitScope) {
  var local: [Step] = []
  local.append { scope in
    @Implicit var permissions: Permissions
    permissions.ask()
  }
  for step in local { step(scope) }
}

func root() {
  let scope = ImplicitScope(); defer { scope.end() }
  @Implicit var permissions = Permissions()
  let flow = Onboarding()
  flow.configure()
  flow.run(scope)
  localSteps(scope)
}
