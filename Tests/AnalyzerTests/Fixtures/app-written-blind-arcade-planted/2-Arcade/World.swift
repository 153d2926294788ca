import BlindKit
import Implicits

public struct Vec2: Equatable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
  public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
  public static func * (a: Vec2, k: Double) -> Vec2 { Vec2(a.x * k, a.y * k) }
  public static let zero = Vec2(0, 0)
  public var description: String { "(\(Int(x)),\(Int(y)))" }
}

public struct Entity: Sendable {
  public let name: String
  public var position: Vec2
  public var velocity: Vec2
  public var health: Int
  public var score: Int = 0
  public init(name: String, position: Vec2, velocity: Vec2, health: Int) {
    self.name = name; self.position = position; self.velocity = velocity; self.health = health
  }
  public var isAlive: Bool { health > 0 }
}

/// Physics constants; a game declares them once at its root.
public struct PhysicsConfig: Sendable {
  public var gravity: Double
  public var floor: Double
  public var dt: Double
  public init(gravity: Double = -10, floor: Double = 0, dt: Double = 0.5) {
    self.gravity = gravity; self.floor = floor; self.dt = dt
  }
}

/// The game's state. Systems mutate it in place, one tick at a time.
public struct World: Sendable {
  public var tick = 0
  public var entities: [Entity]
  public var events: [String] = []
  public init(entities: [Entity]) { self.entities = entities }

  public subscript(named name: String) -> Entity? {
    get { entities.first { $0.name == name } }
    set {
      guard let newValue, let index = entities.firstIndex(where: { $0.name == name }) else { return }
      entities[index] = newValue
    }
  }

  /// Ends the tick: drops the dead, records the tick in the journal.
  public mutating func settle(_ scope: ImplicitScope) {
    let before = entities.count
    entities.removeAll { !$0.isAlive }
    if entities.count < before {
      events.append("tick \(tick): \(before - entities.count) removed")
      tally("removed", by: before - entities.count, scope)
    }
    tick += 1
  }
}
