// Written in the session-31 hunt, as a turn-based game engine is written: `mutating`
// methods of a protocol extension and of an enum (`switch self` with `where`), a protocol
// with an associated type, generic units passed `inout` (`defender: inout D`), `while case`.
// An `inout` parameter's type was kept as `inout D`, which names no type: its calls were a
// false `unresolved-call` and what they need went unreported. Planted: 'playWithoutLog'
// lacks 'Log', read by `hit(_:_:)` through the `inout` defender only.
import Implicits

struct RNG: Sendable { func next() -> Int { 4 } }
struct Rules: Sendable { var maxHP = 10 }
struct Log: Sendable { func line(_ s: String) {} }

protocol Unit {
  associatedtype Weapon: WeaponKind
  var weapon: Weapon { get }
  var hp: Int { get set }
}
protocol WeaponKind { var power: Int { get } }
struct Sword: WeaponKind { var power: Int { 3 } }
struct Bow: WeaponKind { var power: Int { 2 } }

extension Unit {
  mutating func hit(_ damage: Int, _ scope: ImplicitScope) {
    @Implicit var log: Log // expected-note@:19 {{'Log' is read here}}
    hp = max(0, hp - damage)
    log.line("hp \(hp)")
  }
  func roll(_ scope: ImplicitScope) -> Int {
    @Implicit var rng: RNG
    return rng.next() + weapon.power
  }
}

struct Knight: Unit { var weapon = Sword(); var hp = 10 }
struct Archer: Unit { var weapon = Bow(); var hp = 6 }

enum Phase {
  case setup, battle(round: Int), over(winner: String)

  mutating func advance(_ scope: ImplicitScope) {
    @Implicit var rules: Rules
    switch self {
    case .setup: self = .battle(round: 1)
    case .battle(let round) where round >= rules.maxHP: self = .over(winner: "draw")
    case .battle(let round): self = .battle(round: round + 1)
    case .over: break
    }
  }

  static func start(_ scope: ImplicitScope) -> Phase {
    var phase = Phase.setup
    phase.advance(scope)
    return phase
  }
}

func duel<A: Unit, D: Unit>(_ attacker: A, _ defender: inout D, _ scope: ImplicitScope) {
  defender.hit(attacker.roll(scope), scope)
}

func heal(_ knight: inout Knight, _ scope: ImplicitScope) {
  knight.hit(-1, scope) // expected-note@:3 {{'Log' is required by the call to 'hit(_:_:)' here}}
}

func battle(_ scope: ImplicitScope) -> Phase {
  var knight = Knight()
  var archer = Archer()
  var phase = Phase.start(scope)
  while case .battle = phase {
    duel(knight, &archer, scope)
    duel(archer, &knight, scope)
    phase.advance(scope)
    heal(&knight, scope) // expected-note@:5 {{'Log' is required by the call to 'heal(_:_:)' here}}
    if archer.hp == 0 || knight.hp == 0 { break }
  }
  return phase
}

func play() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var rng = RNG()
  @Implicit var rules = Rules()
  @Implicit var log = Log()
  _ = battle(scope)
}

func playWithoutLog() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Log' at this entry point}}
  defer { scope.end() }
  @Implicit var rng = RNG()
  @Implicit var rules = Rules()
  _ = battle(scope) // expected-note@:7 {{'Log' is required by the call to 'battle(_:)' here}}
}
