import BlindKit
import Implicits

/// Produces lines in batches, from a task that restores the producer's bag.
public func lineStream(_ lines: [String], _ scope: ImplicitScope) -> AsyncStream<[String]> {
  @Implicit(\.batchSize) var batchSize: Int
  let size = batchSize
  return AsyncStream { continuation in
    Task { [implicits = Implicits.captureAll()] in
      await withScope(with: implicits) { scope in
        var start = 0
        while start < lines.count {
          let batch = Array(lines[start..<min(start + size, lines.count)])
          tally("batches", scope)
          continuation.yield(batch)
          start += size
          await Task.yield()
        }
        continuation.finish()
      }
    }
  }
}

/// Consumes the stream: parses each batch in a task group, one child per line.
public func ingest(_ stream: AsyncStream<[String]>, _ scope: ImplicitScope) async -> [Record] {
  var records: [Record] = []
  for await batch in stream {
    let parsed = await withTaskGroup(of: (Int, Record?).self) { group in
      for (offset, line) in batch.enumerated() {
        group.addTask { [implicits = Implicits.captureAll()] in
          withScope(with: implicits) { scope in
            (offset, try? RecordParser.parse(line, scope))
          }
        }
      }
      var slots = [Record?](repeating: nil, count: batch.count)
      for await (offset, record) in group { slots[offset] = record }
      return slots.compactMap { $0 }
    }
    records += parsed
    note("batch of \(batch.count) gave \(parsed.count) records", scope)
  }
  return records
}
