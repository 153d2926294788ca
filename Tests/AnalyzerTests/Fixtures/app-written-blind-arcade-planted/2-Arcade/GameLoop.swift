import BlindKit
import Implicits

/// Runs a world for a number of ticks and returns it.
public final class GameLoop {
  private var systems: [any System]
  public private(set) var world: World
  @Implicit var journal: Journal

  public init(world: World, _ scope: ImplicitScope) {
    self.world = world
    self.systems = [GravitySystem(scope), DamageSystem(scope), ScoringSystem(scope)]
  }

  public func run(ticks: Int, _ scope: ImplicitScope) -> World {
    journal.write("game starts with \(world.entities.count) entities")
    defer { journal.write("game ends at tick \(world.tick)") }
    while world.tick < ticks && !world.entities.isEmpty {
      step(scope)
    }
    return world
  }

  private func step(_ scope: ImplicitScope) {
    defer { world.settle(scope) }
    for index in systems.indices {
      systems[index].update(&world)
    }
    if world.tick % 2 == 0 {
      for system in systems { system.report(world, scope) }
    }
  }
}

extension World {
  /// A summary line per entity, sorted by score (in another file than `World`).
  public func leaderboard(_ scope: ImplicitScope) -> [String] {
    let sorted = entities.sorted { $0.score > $1.score }
    return sorted.map { entity in
      "\(Format.greeting(for: entity.name, scope)) — \(entity.score) at \(entity.position)"
    }
  }
}

/// Sets up a small world and plays it under a nested scope that doubles the damage.
public func playRound(_ scope: ImplicitScope) -> World {
  let world = World(entities: [
    Entity(name: "ada", position: Vec2(0, 20), velocity: .zero, health: 30),
    Entity(name: "bob", position: Vec2(5, 5), velocity: Vec2(1, 0), health: 15),
    Entity(name: "cy", position: Vec2(9, 40), velocity: Vec2(0, 3), health: 50),
  ])
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.damageScale) var damageScale = 2.0
  let loop = GameLoop(world: world, scope)
  var result = loop.run(ticks: 8, scope)
  if var ada = result[named: "ada"] {
    ada.score += Physics.maxDamage(in: result, scope)
    result[named: "ada"] = ada
  }
  heal(&result, by: 4, scope)
  for line in result.leaderboard(scope) { note(line, scope) }
  return result
}

/// Heals every entity, less under a higher damage scale.
public func heal(_ world: inout World, by amount: Int, _ scope: ImplicitScope) {
  @Implicit(\.damageScale) var scale: Double
  for index in world.entities.indices {
    world.entities[index].health += Int(Double(amount) / scale)
  }
  note("healed \(world.entities.count)", scope)
}
