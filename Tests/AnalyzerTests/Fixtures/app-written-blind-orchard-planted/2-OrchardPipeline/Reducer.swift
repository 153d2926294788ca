// A small reducer store, in the style of TCA: actions change the state synchronously and
// return effects, closures that the store runs afterwards and that may send more actions.
import Implicits
import OrchardCore

public enum GardenAction: Sendable, Equatable {
  case water(BedID, Ration)
  case watered(BedID, Ration)
  case valveFailed(BedID)
  case sensed(BedID, Reading)
  case reset
}

public struct GardenState: Equatable, Sendable {
  public var given = Ration.none
  public var pending: Set<BedID> = []
  public var alarms: [String] = []
  public var lastReading: [BedID: Reading] = [:]
  public init() {}
}

public struct Effect: Sendable {
  public let run: @Sendable (_ send: @Sendable (GardenAction) async -> Void) async -> Void
}

public typealias Reducer = @Sendable (inout GardenState, GardenAction) -> [Effect]

public actor GardenStore {
  public private(set) var state = GardenState()
  private let reducer: Reducer
  public private(set) var log: [GardenAction] = []

  public init(reducer: @escaping Reducer) { self.reducer = reducer }

  public func send(_ action: GardenAction) async {
    log.append(action)
    let effects = reducer(&state, action)
    for effect in effects {
      await effect.run { next in await self.send(next) }
    }
  }
}

/// The garden's reducer. Its effects run after `gardenReducer` returned, so they restore a
/// bag captured here.
public func gardenReducer(_ scope: ImplicitScope) -> Reducer {
  let implicits = Implicits.captureAll()
  let rules = standardRules(scope)
  return { state, action in
    switch action {
    case .water(let bed, let ration):
      state.pending.insert(bed)
      return [
        Effect { send in
          let result = Result { try irrigate(bed, ration, scope) } // expected-error@:31 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal' of the enclosing scope; capture with '[implicits = #implicits]' and restore with 'ImplicitScope(with: implicits)' inside the closure}} // expected-note@:37 {{'Journal' is read in 'irrigate(_:_:_:)' at app-written-blind-orchard-planted/1-OrchardCore/Valves.swift:29:17}} // P2: the effect uses the reducer's scope, not its bag; the runtime stops when it runs after the root scope ended (Journal). Reported as escaping: the memberwise init of `Effect` keeps it
          switch result {
          case .success(let given): await send(.watered(bed, given))
          case .failure: await send(.valveFailed(bed))
          }
        }
      ]
    case .watered(let bed, let ration):
      state.pending.remove(bed)
      state.given += ration
      return []
    case .valveFailed(let bed):
      state.pending.remove(bed)
      state.alarms.append("\(bed):valve")
      return [reportEffect("valve of \(bed) stuck", implicits)]
    case .sensed(let bed, let reading):
      state.lastReading[bed] = reading
      let tripped = alarms(for: reading, rules)
      state.alarms += tripped.map { "\(bed):\($0)" }
      if tripped.contains("dry") {
        return [Effect { send in await send(.water(bed, Ration(litres: 2))) }]
      }
      return []
    case .reset:
      state = GardenState()
      return []
    }
  }
}

/// An effect that journals a line, in the values of the bag it is given.
func reportEffect(_ line: String, _ implicits: Implicits) -> Effect {
  Effect { _ in
    withScope(with: implicits) { scope in
      @Implicit var journal: Journal
      journal.write("report: \(line)")
    }
  }
}
