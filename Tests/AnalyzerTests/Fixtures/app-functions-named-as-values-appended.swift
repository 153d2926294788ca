// An onboarding flow keeps its steps in a property of a closure alias's element type;
// screens append steps, named functions and closures, and the flow runs them all. A
// function appended (`flow.steps.append(askPermissions)`) is kept in the array, as a
// closure literal appended is: before, it ran in place, in a function without a scope.
import Implicits

typealias Step = (ImplicitScope) -> Void

struct Analytics { init() {} }
struct Permissions { init() {} }
struct Profile { init() {} }

final class OnboardingFlow {
  var steps: [Step] = []

  func add(_ step: @escaping Step) { steps.append(step) }

  func run(_ scope: ImplicitScope) {
    steps.forEach { $0(scope) } // expected-note@:19 {{'Profile' is required by the closure created here}} expected-note@:21 {{'Profile' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
  }

  func runEach(_ scope: ImplicitScope) {
    for step in steps { step(scope) } // expected-note@:25 {{'Permissions' is required by the closures this call may run (every '(ImplicitScope)' closure the module stores or passes on)}}
  }
}

func askPermissions(_ scope: ImplicitScope) {
  @Implicit var permissions: Permissions // expected-note@:17 {{'Permissions' is read here}}
}

func fillProfile(_ scope: ImplicitScope) {
  @Implicit var profile: Profile // expected-note@:17 {{'Profile' is read here}}
}

func configure(_ flow: OnboardingFlow) {
  flow.steps.append(askPermissions) // expected-note@:21 {{'Permissions' is required by the closure created here}}
  flow.steps.append { (scope: ImplicitScope) in
    @Implicit var analytics: Analytics
  }
  flow.add(fillProfile)
  flow.steps += [fillProfile] // expected-note@:18 {{'Profile' is required by the closure created here}}
}

func startOnboarding(_ flow: OnboardingFlow) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Profile' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var permissions = Permissions()
  flow.run(scope) // expected-note@:3 {{'Profile' is required by the call to 'run(_:)' here}}
}

func startOnboardingEach(_ flow: OnboardingFlow) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Permissions' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var profile = Profile()
  flow.runEach(scope) // expected-note@:3 {{'Permissions' is required by the call to 'runEach(_:)' here}}
}

func startOnboardingWithEverything(_ flow: OnboardingFlow) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var permissions = Permissions()
  @Implicit var profile = Profile()
  flow.run(scope)
  flow.runEach(scope)
}
