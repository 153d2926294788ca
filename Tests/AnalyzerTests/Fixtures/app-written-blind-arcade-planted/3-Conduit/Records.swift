import BlindKit
import Implicits

public struct Record: Sendable, Equatable {
  public let id: Int
  public let product: String
  public let quantity: Int
}

public enum ParseError: Error, Equatable {
  case empty
  case badField(String)
}

/// Parses "id,product,quantity" with typed throws; rejected lines are counted.
public enum RecordParser {
  public static func parse(_ line: String, _ scope: ImplicitScope) throws(ParseError) -> Record {
    let fields = line.split(separator: ",").map(String.init)
    guard !fields.isEmpty, !line.isEmpty else {
      tally("rejected", scope)
      throw .empty
    }
    guard fields.count == 3, let id = Int(fields[0]), let quantity = Int(fields[2]) else {
      tally("rejected", scope)
      throw .badField(line)
    }
    return Record(id: id, product: fields[1], quantity: quantity)
  }

  /// Every line as a `Result`, so that a caller can report failures without stopping.
  public static func parseAll(_ lines: [String], _ scope: ImplicitScope) -> [Result<Record, ParseError>] {
    lines.map { line in
      Result { () throws(ParseError) -> Record in try parse(line, scope) }
    }
  }
}

/// Prices records with the price list of the caller's scope.
public struct Pricer {
  @Implicit var prices: PriceList
  public init(_ scope: ImplicitScope) {}

  public func total(of records: [Record], _ scope: ImplicitScope) -> Money {
    records.reduce(Money.zero) { sum, record in
      sum + prices[record.product, scope] * record.quantity
    }
  }
}
