// Opening a valve is a resource: every path out of `irrigate` closes it again, and the
// journal says so. The meter reads the region of the bed being watered.
import Implicits

public final class Valve: @unchecked Sendable {
  public let bed: BedID
  public private(set) var isOpen = false
  nonisolated(unsafe) public static var openCount = 0
  private static let lock = NSLockLite()

  init(bed: BedID) { self.bed = bed }

  static func open(_ bed: BedID) -> Valve {
    let valve = Valve(bed: bed)
    valve.isOpen = true
    lock.locked { openCount += 1 }
    return valve
  }

  func close() {
    precondition(isOpen, "valve of \(bed) closed twice")
    isOpen = false
    Valve.lock.locked { Valve.openCount -= 1 }
  }
}

/// Waters a bed and returns the ration given. A stuck valve (bed 13) throws, after closing.
public func irrigate(_ bed: BedID, _ ration: Ration, _ scope: ImplicitScope) throws -> Ration {
  @Implicit var journal: Journal
  let valve = Valve.open(bed)
  defer {
    valve.close()
    journal.write("closed \(bed)")
  }

  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.region) var region = "\(bed)"

  if bed.raw == 13 { throw OrchardError.valveStuck(bed) }
  return meter(ration, scope)
}

func meter(_ ration: Ration, _ scope: ImplicitScope) -> Ration {
  @Implicit(\.region) var region: String
  @Implicit var journal: Journal
  journal.write("\(region): metered \(ration)")
  return ration
}

/// Waters several beds; a bed whose valve sticks is skipped, the others still get water.
public func irrigateAll(_ plan: [(BedID, Ration)], _ scope: ImplicitScope) -> Ration {
  var total = Ration.none
  var failures: [BedID] = []
  defer {
    if !failures.isEmpty {
      @Implicit var journal: Journal
      journal.write("skipped \(failures.map(\.description).joined(separator: ","))")
    }
  }
  for (bed, ration) in plan {
    do {
      total += try irrigate(bed, ration, scope)
    } catch {
      failures.append(bed)
    }
  }
  return total
}
