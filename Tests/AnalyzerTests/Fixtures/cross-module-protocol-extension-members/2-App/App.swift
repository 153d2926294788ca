import Implicits
import Screens

final class OnboardingCoordinator {
  let about = AboutScreen()

  func start(_ scope: ImplicitScope) {
    about.showFlow([ProfileScreen()], scope) // expected-note@:5 {{'Analytics' is required by the call to 'showFlow(_:_:)' here}}
    // expected-note@-1:5 {{'Analytics' is required by the call to 'show(_:)' in 'Screen.showFlow(_:_:)' at cross-module-protocol-extension-members/1-Screens/Screens.swift:19:5}}
    // expected-note@-2:5 {{'Analytics' is read in 'Screen.show(_:)' at cross-module-protocol-extension-members/1-Screens/Screens.swift:15:19}}
  }

  func refreshProfile(_ profile: ProfileScreen, _ scope: ImplicitScope) {
    profile.refresh(scope)
    profile.show(scope)
  }
}

func onboard() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  AboutScreen().showFlow([], scope)
  OnboardingCoordinator().start(scope)
}

func refresh() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var clock = Clock()
  OnboardingCoordinator().refreshProfile(ProfileScreen(), scope)
}

// Broken: the flow's screens record to the analytics, which is not declared.
func onboardWithClock() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var clock = Clock()
  OnboardingCoordinator().start(scope) // expected-note@:3 {{'Analytics' is required by the call to 'start(_:)' here}}
}
