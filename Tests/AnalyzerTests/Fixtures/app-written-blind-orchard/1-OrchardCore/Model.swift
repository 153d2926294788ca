// The orchard's vocabulary: beds, readings and water rations.

public struct BedID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let raw: Int
  public init(_ raw: Int) { self.raw = raw }
  public static func < (lhs: BedID, rhs: BedID) -> Bool { lhs.raw < rhs.raw }
  public var description: String { "bed-\(raw)" }
}

public enum Reading: Sendable, Equatable {
  case moisture(Double)
  case temperature(celsius: Double)
  case fault(code: Int, message: String)

  public var isFault: Bool {
    if case .fault = self { return true }
    return false
  }
}

/// An amount of water in litres; rations add up and scale.
public struct Ration: Sendable, Equatable, CustomStringConvertible {
  public var litres: Double
  public init(litres: Double) { self.litres = litres }
  public static let none = Ration(litres: 0)

  public static func + (lhs: Ration, rhs: Ration) -> Ration { Ration(litres: lhs.litres + rhs.litres) }
  public static func += (lhs: inout Ration, rhs: Ration) { lhs = lhs + rhs }
  public static func * (lhs: Ration, factor: Double) -> Ration { Ration(litres: lhs.litres * factor) }
  public var description: String { "\(Double(Int((litres * 10).rounded())) / 10)L" }
}

/// What a bed wants: below `dry` it is watered, above `hot` it is shaded.
public struct SoilProfile: Sendable {
  public var dry: Double
  public var hot: Double
  public init(dry: Double, hot: Double) {
    self.dry = dry
    self.hot = hot
  }
}

public struct Survey: Sendable, Equatable {
  public let bed: BedID
  public let moisture: Double
  public let faults: Int
  public init(bed: BedID, moisture: Double, faults: Int) {
    self.bed = bed
    self.moisture = moisture
    self.faults = faults
  }
}

public enum OrchardError: Error, Equatable {
  case sensorOffline(BedID)
  case valveStuck(BedID)
}
