// Surveying beds in parallel: one child task per bed, results collected in bed order.
import Implicits
import OrchardCore

public func survey(_ bed: BedID, _ scope: ImplicitScope) async -> Survey {
  @Implicit var cache: ReadingCache
  // `load` runs in place: the interface says its parameter does not escape.
  let readings = (try? await cache.readings(for: bed) { try probe(bed, scope) }) ?? []
  var moisture = 0.0
  var faults = 0
  for reading in readings {
    switch reading {
    case .moisture(let value): moisture = max(moisture, value)
    case .fault: faults += 1
    case .temperature: continue
    }
  }
  return Survey(bed: bed, moisture: moisture, faults: faults)
}

public func surveyAll(_ beds: [BedID], _ scope: ImplicitScope) async -> [Survey] {
  await withTaskGroup(of: Survey.self, returning: [Survey].self) { group in
    for bed in beds {
      group.addTask { [implicits = Implicits.captureAll()] in
        await withScope(with: implicits) { scope in
          @Implicit(\.region) var region = "survey-\(bed.raw)"
          return await survey(bed, scope)
        }
      }
    }
    var results: [Survey] = []
    for await result in group { results.append(result) }
    return results.sorted { $0.bed < $1.bed }
  }
}

/// Surveys and stores; the first bed that fails to answer after retries fails the batch.
public func surveyAndStore(
  _ beds: [BedID], into repository: Repository<Survey>, _ scope: ImplicitScope
) async throws -> Int {
  let surveys = try await withThrowingTaskGroup(of: Survey.self) { group in
    for bed in beds {
      group.addTask { [implicits = Implicits.captureAll()] in
        try await withScope(with: implicits) { scope in
          try await withBackoff("survey \(bed)", scope) {
            let readings = try probe(bed, scope)
            return Survey(bed: bed, moisture: readings.moistureMax, faults: 0)
          }
        }
      }
    }
    var collected: [Survey] = []
    while let next = try await group.next() { collected.append(next) }
    return collected
  }
  saveAll(surveys, into: repository, scope)
  return surveys.count
}

extension Array where Element == Reading {
  var moistureMax: Double {
    compactMap { if case .moisture(let value) = $0 { value } else { nil } }.max() ?? 0
  }
}
