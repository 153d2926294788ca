// Retrying with backoff. The body is a closure that runs before the helper returns,
// so it may use the caller's scope directly.
import Implicits

public func withRetry<T>(
  _ label: String, _ scope: ImplicitScope, _ body: (_ attempt: Int) throws -> T
) throws -> T {
  @Implicit(\.retryLimit) var limit: Int
  @Implicit var journal: Journal
  var attempt = 0
  while true {
    do {
      return try body(attempt)
    } catch {
      attempt += 1
      journal.write("\(label): attempt \(attempt) failed: \(error)")
      if attempt >= limit { throw error }
    }
  }
}

/// Waits between attempts on the implicit clock (ticks double each time), asynchronously.
public func withBackoff<T>(
  _ label: String, _ scope: ImplicitScope, operation: () async throws -> T
) async throws -> T {
  @Implicit(\.retryLimit) var limit: Int
  @Implicit var clock: any Clock
  var delay = 1
  for attempt in 1... {
    do {
      return try await operation()
    } catch where attempt < limit {
      (clock as? ManualClock)?.advance(by: delay)
      delay *= 2
      await Task.yield()
    }
  }
  fatalError("unreachable")
}

/// Reads a bed's sensors, retrying while the sensor is offline.
public func probe(_ bed: BedID, _ scope: ImplicitScope) throws -> [Reading] {
  try withRetry("probe \(bed)", scope) { attempt in
    try readSensors(bed, attempt: attempt, scope)
  }
}

func readSensors(_ bed: BedID, attempt: Int, _ scope: ImplicitScope) throws -> [Reading] {
  @Implicit var sensors: any SensorSource
  @Implicit(\.verbose) var verbose: Bool
  if verbose {
    @Implicit var journal: Journal
    journal.write("reading \(bed), attempt \(attempt)")
  }
  return try sensors.readings(for: bed)
}
