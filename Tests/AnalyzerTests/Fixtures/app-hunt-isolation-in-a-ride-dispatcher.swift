// Written in the session-31 hunt, as a ride-hailing dispatcher is written; every answer
// was checked by hand against the runtime, and all held: kept so they stay held. An
// `isolated` parameter, an actor's `nonisolated` method, `withTaskGroup` children calling
// through it, an `AsyncStream` whose build closure runs in place, `MainActor.run`,
// `async let` of an actor method, a `Task { @MainActor in … }`. Planted:
// 'startShiftWithoutSurge' lacks 'Surge', read in the `nonisolated` method only.
import Implicits

struct Pricing: Sendable { func fare(_ km: Double) -> Double { km * 2 } }
struct Telemetry: Sendable { func send(_ s: String) {} }
struct Maps: Sendable { func distance(_ a: String, _ b: String) -> Double { 3 } }
struct Surge: Sendable { var factor = 1.0 }

struct Ride: Sendable { let id: Int; let from: String; let to: String }

actor Wallet {
  var balance = 0.0
  func charge(_ amount: Double) { balance -= amount }
}

func quote(_ ride: Ride, _ scope: ImplicitScope) -> Double {
  @Implicit var maps: Maps
  @Implicit var pricing: Pricing
  return pricing.fare(maps.distance(ride.from, ride.to))
}

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var telemetry: Telemetry
  telemetry.send(event)
}

// an isolated parameter: runs on the wallet's executor, in the caller's task
func settle(_ ride: Ride, on wallet: isolated Wallet, _ scope: ImplicitScope) {
  wallet.charge(quote(ride, scope))
  track("settled \(ride.id)", scope)
}

actor Dispatcher {
  private var queue: [Ride] = []

  // nonisolated, synchronous: usable from anywhere with a scope
  nonisolated func estimate(_ ride: Ride, _ scope: ImplicitScope) -> Double {
    @Implicit var surge: Surge // expected-note@:19 {{'Surge' is read here}}
    return quote(ride, scope) * surge.factor
  }

  func enqueue(_ ride: Ride, _ scope: ImplicitScope) {
    queue.append(ride)
    track("queued \(ride.id)", scope)
  }

  func drain(_ wallet: Wallet, _ scope: ImplicitScope) async -> Int {
    let rides = queue
    queue.removeAll()
    await withTaskGroup(of: Void.self) { group in
      for ride in rides {
        group.addTask { await settle(ride, on: wallet, scope) }
      }
    }
    return rides.count
  }
}

@MainActor final class DispatchBoard {
  var lines: [String] = []
  func show(_ ride: Ride, _ price: Double, _ scope: ImplicitScope) {
    @Implicit var telemetry: Telemetry
    telemetry.send("shown")
    lines.append("\(ride.id): \(price)")
  }
}

func rides(_ scope: ImplicitScope) -> AsyncStream<Ride> {
  AsyncStream { continuation in
    track("stream opened", scope)  // the build closure runs in place
    for id in 0..<3 { continuation.yield(Ride(id: id, from: "a", to: "b")) }
    continuation.finish()
  }
}

func runShift(_ board: DispatchBoard, _ scope: ImplicitScope) async {
  let dispatcher = Dispatcher()
  let wallet = Wallet()
  for await ride in rides(scope) {
    let price = dispatcher.estimate(ride, scope) // expected-note@:17 {{'Surge' is required by the call to 'estimate(_:_:)' here}}
    await MainActor.run { board.show(ride, price, scope) }
    await dispatcher.enqueue(ride, scope)
  }
  async let settled = dispatcher.drain(wallet, scope)
  track("settled \(await settled)", scope)
}

func startShift() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var pricing = Pricing()
  @Implicit var telemetry = Telemetry()
  @Implicit var maps = Maps()
  @Implicit var surge = Surge(factor: 1.5)
  let board = await DispatchBoard()
  await runShift(board, scope)
  let task = Task { @MainActor in
    board.show(Ride(id: 9, from: "x", to: "y"), quote(Ride(id: 9, from: "x", to: "y"), scope), scope)
  }
  await task.value
}

func startShiftWithoutSurge() async {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Surge' at this entry point}}
  defer { scope.end() }
  @Implicit var pricing = Pricing()
  @Implicit var telemetry = Telemetry()
  @Implicit var maps = Maps()
  await runShift(await DispatchBoard(), scope) // expected-note@:9 {{'Surge' is required by the call to 'runShift(_:_:)' here}}
}
