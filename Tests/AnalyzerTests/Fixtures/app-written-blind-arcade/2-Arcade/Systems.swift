import BlindKit
import Implicits

/// A system updates the world once per tick. Systems read what they need from implicits
/// when they are made, so `update` itself takes no scope.
public protocol System {
  var name: String { get }
  mutating func update(_ world: inout World)
}

extension System {
  /// What every system reports after a tick (not a requirement: dispatched statically).
  public func report(_ world: World, _ scope: ImplicitScope) {
    note("\(name) saw \(world.entities.count) entities at tick \(world.tick)", scope)
  }
}

public struct GravitySystem: System {
  @Implicit var physics: PhysicsConfig
  public let name = "gravity"
  public init(_ scope: ImplicitScope) {}

  public mutating func update(_ world: inout World) {
    for index in world.entities.indices {
      Physics.integrate(&world.entities[index], physics)
    }
  }
}

public struct DamageSystem: System {
  @Implicit(\.damageScale) var scale: Double
  public let name = "damage"
  private var hits = 0
  public init(_ scope: ImplicitScope) {}

  public mutating func update(_ world: inout World) {
    for index in world.entities.indices where world.entities[index].position.y <= 0 {
      let damage = Int(10 * scale)
      world.entities[index].health -= damage
      hits += 1
    }
    world.events.append("damage hits so far: \(hits)")
  }
}

public final class ScoringSystem: System {
  @Implicit var metrics: any MetricsSink
  public let name = "scoring"
  public init(_ scope: ImplicitScope) {}

  public func update(_ world: inout World) {
    let points = world.entities.filter(\.isAlive).count
    for index in world.entities.indices { world.entities[index].score += 1 }
    metrics.count("points", points)
  }
}

/// Integration steps as free functions of a namespace.
public enum Physics {
  public static func integrate(_ entity: inout Entity, _ config: PhysicsConfig) {
    entity.velocity = entity.velocity + Vec2(0, config.gravity * config.dt)
    entity.position = entity.position + entity.velocity * config.dt
    if entity.position.y < config.floor {
      entity.position.y = config.floor
      entity.velocity.y = -entity.velocity.y / 2
    }
  }

  /// The heaviest hit a world may take in one tick, scaled by the caller's damage scale.
  public static func maxDamage(in world: World, _ scope: ImplicitScope) -> Int {
    @Implicit(\.damageScale) var scale: Double
    return world.entities.map(\.health).reduce(0, max) / 2 + Int(scale)
  }
}
