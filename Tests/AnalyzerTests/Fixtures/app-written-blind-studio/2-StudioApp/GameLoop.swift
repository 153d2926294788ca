import Implicits
import StudioCore

/// A tiny entity–component system: components live in arrays indexed by entity, systems
/// are created in a scope (reading their services once) and then run every frame.
struct Position { var x: Double; var y: Double }
struct Velocity { var dx: Double; var dy: Double }

struct World {
  var positions: [Int: Position] = [:]
  var velocities: [Int: Velocity] = [:]
  var nextEntity = 0

  mutating func spawn(at position: Position, moving velocity: Velocity? = nil) -> Int {
    let entity = nextEntity
    nextEntity += 1
    positions[entity] = position
    if let velocity { velocities[entity] = velocity }
    return entity
  }
}

protocol GameSystem: AnyObject {
  func update(_ world: inout World, dt: Double)
}

/// Physics settings the movement system reads when it is created.
struct PhysicsSettings: Sendable {
  var gravity: Double
  var friction: Double
}

final class MovementSystem: GameSystem {
  @Implicit var physics: PhysicsSettings

  init(_ scope: ImplicitScope) {}

  func update(_ world: inout World, dt: Double) {
    for (entity, velocity) in world.velocities {
      guard var position = world.positions[entity] else { continue }
      position.x += velocity.dx * dt * (1 - physics.friction)
      position.y += (velocity.dy - physics.gravity) * dt
      world.positions[entity] = position
    }
  }
}

final class LoggingSystem: GameSystem {
  @Implicit var logger: Logger
  private var frame = 0

  init(_ scope: ImplicitScope) {}

  func update(_ world: inout World, dt: Double) {
    frame += 1
    if frame % 30 == 0 { logger.log("frame \(frame): \(world.positions.count) entities") }
  }
}

/// The loop: builds its systems in the caller's scope, then runs frames without one.
final class GameLoop {
  private var systems: [any GameSystem] = []
  private(set) var world = World()
  private let frameRate: Int

  init(_ scope: ImplicitScope) {
    @Implicit(\.frameRate) var rate: Int
    frameRate = rate
    systems = [MovementSystem(scope), LoggingSystem(scope)]
    _ = world.spawn(at: Position(x: 0, y: 10), moving: Velocity(dx: 1, dy: 0))
    _ = world.spawn(at: Position(x: 5, y: 5))
  }

  func run(frames: Int) {
    let dt = 1.0 / Double(frameRate)
    for _ in 0..<frames {
      for system in systems { system.update(&world, dt: dt) }
    }
  }
}

/// Runs a level with its own physics, nested on the caller's scope.
func playLevel(_ number: Int, _ scope: ImplicitScope) -> Position? {
  withScope(nesting: scope) { level in
    @Implicit var physics = PhysicsSettings(gravity: Double(number), friction: 0.1)
    let loop = GameLoop(level)
    loop.run(frames: 60)
    return loop.world.positions[0]
  }
}
