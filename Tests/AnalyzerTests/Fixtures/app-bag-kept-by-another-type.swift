// A settings screen hands the bag its model captured to views and helpers that keep it:
// `ThemeBadge(implicits: implicits)` stores it through a struct's memberwise initializer,
// `ProfileHeader(title:implicits:)` through a class's own, and what their members restore
// from it later must have been captured where the bag was (issue 18 item 8, blind-studio
// disagreement 5). At run time a badge rendered from a bag without a `Theme` stops on the
// missing `Theme`; before, the analyzer did not follow the bag past the initializer.
import Implicits
import SwiftUI

struct Theme { var background = "white" }
struct Logger { init() {} }
struct Clock { init() {} }

func currentTheme(_ scope: ImplicitScope) -> Theme {
  @Implicit var theme: Theme // expected-note@:17 {{'Theme' is read here}} // expected-note@:17 {{'Theme' is read here}}
  return theme
}

func logOpen(_ scope: ImplicitScope) {
  @Implicit var logger: Logger // expected-note@:17 {{'Logger' is read here}}
}

func now(_ scope: ImplicitScope) -> Int {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
  return 0
}

/// A view with a memberwise initializer; its body restores the bag through a function.
struct ThemeBadge: View {
  let implicits: Implicits

  var body: some View {
    Text(ThemeBadge.describe(with: implicits)) // expected-note@:10 {{'Theme' is required by 'describe(with:)', which restores the bag passed here}} // expected-note@:10 {{'Theme' is required by 'describe(with:)', which restores the bag passed here}}
  }

  static func describe(with implicits: Implicits) -> String {
    withScope(with: implicits) { scope in currentTheme(scope).background } // expected-note@:43 {{'Theme' is required by the call to 'currentTheme(_:)' here}} // expected-note@:43 {{'Theme' is required by the call to 'currentTheme(_:)' here}}
  }
}

/// A class with its own initializer, keeping the bag in a `var`; a method restores it.
final class ProfileHeader {
  let title: String
  private var implicits: Implicits

  init(title: String, implicits: Implicits) {
    self.title = title
    self.implicits = implicits // expected-note@:5 {{'Logger' is required where 'ProfileHeader.implicits' is restored, which keeps the bag stored here}}
  }

  func open() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    logOpen(scope) // expected-note@:5 {{'Logger' is required by the call to 'logOpen(_:)' here}}
  }
}

/// An unlabeled initializer that assigns without `self.`; a computed property restores.
struct Timestamp {
  private let bag: Implicits

  init(_ implicits: Implicits) {
    bag = implicits // expected-note@:5 {{'Clock' is required where 'Timestamp.bag' is restored, which keeps the bag stored here}}
  }

  var text: String {
    withScope(with: bag) { scope in "\(now(scope))" } // expected-note@:40 {{'Clock' is required by the call to 'now(_:)' here}}
  }
}

/// Keeps the bag but never restores it: it needs nothing.
struct Passenger {
  let implicits: Implicits
  let name: String
}

final class SettingsModel {
  private let implicits = #implicits // expected-note@:27 {{'Theme' is captured by the '#implicits' bag here}} // expected-note@:27 {{'Logger' is captured by the '#implicits' bag here}}

  init(_ scope: ImplicitScope) {}

  func badge() -> ThemeBadge { ThemeBadge(implicits: implicits) } // expected-note@:32 {{'Theme' is required where 'ThemeBadge.implicits' is restored: 'ThemeBadge.init(implicits:)' keeps the bag passed here in it}}
  func header() -> ProfileHeader { ProfileHeader(title: "Settings", implicits: self.implicits) } // expected-note@:36 {{'Logger' is required where 'ProfileHeader.implicits' is restored: 'ProfileHeader.init(title:implicits:)' keeps the bag passed here in it}}
  func passenger() -> Passenger { Passenger(implicits: implicits, name: "p") }
}

/// A coordinator hands on the bag it is given, and captures one where it stands.
final class SettingsCoordinator {
  func badge(with implicits: Implicits) -> ThemeBadge { ThemeBadge(implicits: implicits) } // expected-note@:57 {{'Theme' is required where 'ThemeBadge.implicits' is restored: 'ThemeBadge.init(implicits:)' keeps the bag passed here in it}}

  func stamp(_ scope: ImplicitScope) -> Timestamp { Timestamp(#implicits) } // expected-note@:63 {{'Clock' is captured by the '#implicits' bag here}} // expected-note@:53 {{'Clock' is required where 'Timestamp.bag' is restored: 'Timestamp.init(_:)' keeps the bag passed here in it}}
}

func openSettings() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme()
  @Implicit var logger = Logger()
  @Implicit var clock = Clock()
  let model = SettingsModel(scope)
  _ = model.badge().body
  model.header().open()
  _ = model.passenger()
  _ = SettingsCoordinator().stamp(scope).text
}

// Broken: the badge restores a bag without a `Theme`.
func openSettingsWithoutTheme() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  _ = SettingsModel(scope).badge().body // expected-note@:7 {{'Theme' is required by the call to 'SettingsModel.init(_:)' here}}
}

// Broken: the header restores a bag without a `Logger`.
func openSettingsWithoutLogger() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  SettingsModel(scope).header().open() // expected-note@:3 {{'Logger' is required by the call to 'SettingsModel.init(_:)' here}}
}

// Broken: the bag handed on by the coordinator holds no `Theme`.
func showBadge() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Theme' at this entry point}}
  defer { scope.end() }
  @Implicit var logger = Logger()
  let bag = #implicits // expected-note@:13 {{'Theme' is captured by the '#implicits' bag here}}
  _ = SettingsCoordinator().badge(with: bag).body // expected-note@:7 {{'Theme' is required by 'badge(with:)', which restores the bag passed here}}
}

// Broken: the timestamp's bag is captured without a `Clock`.
func stampWithoutClock() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  _ = SettingsCoordinator().stamp(scope).text // expected-note@:7 {{'Clock' is required by the call to 'stamp(_:)' here}}
}
