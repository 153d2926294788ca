// An `init` written in one clause of an `#if` the analyzer cannot decide is written only
// in the configurations where that clause is compiled: in the others Swift synthesizes the
// memberwise `init`, which only stores its arguments. So a call of the memberwise `init`
// made where it exists is not an unresolved call, and a call of the written one needs what
// that one reads.
import Implicits

struct User { var name: String }
struct PreviewFixtures { init() {} }
struct Analytics { init() {} }

/// A SwiftUI-style row; debug builds make it from preview fixtures.
struct ProfileRow {
  let user: User
  let scope: ImplicitScope

  #if DEBUG
  init(previewing name: String, _ scope: ImplicitScope) {
    @Implicit var fixtures: PreviewFixtures // expected-note@:19 {{'PreviewFixtures' is read here}}
    self.user = User(name: name)
    self.scope = scope
  }
  #endif
}

/// The other configuration of the same choice, by platform.
struct BadgeView {
  let count: Int
  let scope: ImplicitScope
  #if os(iOS)
  init(_ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
    self.count = 0
    self.scope = scope
  }
  #elseif os(macOS)
  init(dock: Bool, _ scope: ImplicitScope) {
    self.count = dock ? 1 : 0
    self.scope = scope
  }
  #endif
}

final class ProfileListModel {
  func rows(_ users: [User], _ scope: ImplicitScope) -> [ProfileRow] {
    #if DEBUG // expected-note@:5 {{reported where 'DEBUG' holds}}
    return [ProfileRow(previewing: "Preview", scope)] // expected-note@:13 {{'PreviewFixtures' is required by the call to 'ProfileRow.init(previewing:_:)' here}}
    #else
    return users.map { ProfileRow(user: $0, scope: scope) }
    #endif
  }

  func badge(_ scope: ImplicitScope) -> BadgeView {
    #if os(iOS)
    return BadgeView(scope)
    #elseif os(macOS)
    return BadgeView(dock: true, scope)
    #else
    return BadgeView(count: 2, scope: scope)
    #endif
  }
}

func showProfiles(_ model: ProfileListModel) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var fixtures = PreviewFixtures()
  @Implicit var analytics = Analytics()
  _ = model.rows([User(name: "Ann")], scope)
  _ = model.badge(scope)
}

// Broken: debug builds read the preview fixtures, which are not declared.
func showProfilesWithoutFixtures(_ model: ProfileListModel) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'PreviewFixtures' at this entry point}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = model.rows([], scope) // expected-note@:7 {{'PreviewFixtures' is required by the call to 'rows(_:_:)' here}}
  _ = model.badge(scope)
}
