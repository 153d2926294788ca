import BlindKit
import Implicits

public struct Report: Sendable {
  public let records: [Record]
  public let total: Money
  public let foreignTotal: Money
  public let rejected: Int
}

/// The whole pipeline: stream, ingest, price. Runs under the caller's scope, with a
/// nested one that sets a smaller batch size.
public func runPipeline(_ lines: [String], _ scope: ImplicitScope) async -> Report {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.batchSize) var batchSize = 3
  let records = await ingest(lineStream(lines, scope), scope)
  let pricer = Pricer(scope)
  let total = pricer.total(of: records, scope)
  let rejected = RecordParser.parseAll(lines, scope).filter { result in
    if case .failure = result { return true } else { return false }
  }.count
  note("pipeline total \(total) for \(records.count) records", scope)
  return Report(records: records, total: total, foreignTotal: total |>> scope, rejected: rejected)
}

/// Sums quantities per product with `reduce(into:)`, logging each product once.
public func quantities(_ records: [Record], _ scope: ImplicitScope) -> [String: Int] {
  let table = records.reduce(into: [String: Int]()) { table, record in
    table[record.product, default: 0] += record.quantity
  }
  table.keys.sorted().forEach { product in note("\(product): \(table[product]!)", scope) }
  return table
}

/// A pipeline run as a `Result`: fails when nothing could be parsed.
public func checkedPipeline(_ lines: [String], _ scope: ImplicitScope) async -> Result<Report, ParseError> {
  let report = await runPipeline(lines, scope)
  guard !report.records.isEmpty else { return .failure(.empty) }
  return .success(report)
}

/// The records that parse, in order; failures are only counted.
public func validRecords(_ lines: [String], _ scope: ImplicitScope) -> [Record] {
  lines.compactMap { line in try? RecordParser.parse(line, scope) }
}
