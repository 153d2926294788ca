// A profile screen made for a member or for a guest: two initializers with the same labels
// that the analyzer cannot tell apart by argument type. The errors at such calls name the
// initializer with its type, as their notes do (issue 18 item 8).
import Implicits

struct Member {}
struct Guest {}
final class Analytics {}
final class Billing {}

final class ProfileBadge {
  init(_ member: Member, _ scope: ImplicitScope) { // expected-note@:3 {{candidate 'ProfileBadge.init(_:_:)' requires 'Billing'}}
    @Implicit var billing: Billing
  }

  init(_ guest: Guest, _ scope: ImplicitScope) { // expected-note@:3 {{candidate 'ProfileBadge.init(_:_:)' requires 'Analytics'}}
    @Implicit var analytics: Analytics
  }
}

final class Avatar {
  init(_ member: Member, _ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
  }

  init(_ guest: Guest, _ scope: ImplicitScope) {
    @Implicit var analytics: Analytics
  }
}

final class ProfileViewModel {
  private(set) var badge: ProfileBadge?

  func show(member: Member, _ scope: ImplicitScope) {
    badge = ProfileBadge(member, scope) // expected-error@:13 [ambiguous-call] {{ambiguous call to implicit function 'ProfileBadge.init(_:_:)'}}
  }

  // Either avatar initializer needs the same: the call is not ambiguous.
  func showAvatar(member: Member, _ scope: ImplicitScope) {
    _ = Avatar(member, scope)
  }

  // Broken: `Receipt` comes from a module the analyzer has no interface of.
  func checkout(_ scope: ImplicitScope) {
    _ = Receipt(order: 1, scope) // expected-error@:9 [unresolved-call] {{cannot resolve the implicit function 'Receipt.init(order:_:)' called here}}
  }
}
