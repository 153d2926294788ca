// Sensor readings as an async stream: a producer task yields them, the consumer counts
// them and raises alarms with the implicit rules.
import Implicits
import OrchardCore

public struct Tagged: Sendable {
  public let bed: BedID
  public let reading: Reading
}

/// A stream fed by a task that polls every bed once. The task restores the caller's
/// values from a bag: it runs after this function returned.
public func sensorFeed(_ beds: [BedID], _ scope: ImplicitScope) -> AsyncStream<Tagged> {
  let (stream, continuation) = AsyncStream.makeStream(of: Tagged.self)
  let implicits = Implicits.captureAll()
  Task {
    await withScope(with: implicits) { scope in
      for bed in beds {
        let readings = (try? probe(bed, scope)) ?? [.fault(code: 503, message: "offline")]
        for reading in readings { continuation.yield(Tagged(bed: bed, reading: reading)) }
        await Task.yield()
      }
    }
    continuation.finish()
  }
  return stream
}

public struct FeedReport: Sendable, Equatable {
  public var readings = 0
  public var alarms: [String] = []
}

public func consume(_ feed: AsyncStream<Tagged>, _ scope: ImplicitScope) async -> FeedReport {
  @Implicit var journal: Journal
  let rules = standardRules(scope)
  var report = FeedReport()
  for await tagged in feed {
    report.readings += 1
    for alarm in alarms(for: tagged.reading, rules) {
      report.alarms.append("\(tagged.bed):\(alarm)")
    }
    switch tagged.reading {
    case .fault(let code, let message):
      journal.write("\(tagged.bed) fault \(code): \(message)")
    case .moisture, .temperature:
      break
    }
  }
  return report
}

/// A stream of moisture values only, built with a continuation callback.
public func moistureOnly(_ feed: AsyncStream<Tagged>) -> AsyncStream<(BedID, Double)> {
  AsyncStream { continuation in
    let task = Task {
      for await tagged in feed {
        if case .moisture(let value) = tagged.reading { continuation.yield((tagged.bed, value)) }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
  }
}
