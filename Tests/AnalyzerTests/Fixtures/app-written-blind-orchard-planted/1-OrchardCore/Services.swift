// The services the orchard's code reads as implicits.
import Implicits

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ticks since the orchard started; tests and previews use a fixed one.
public protocol Clock: Sendable {
  func now() -> Int
}

public final class ManualClock: Clock, @unchecked Sendable {
  private var ticks: Int
  private let lock = NSLockLite()
  public init(start: Int) { ticks = start }
  public func now() -> Int { lock.locked { ticks } }
  public func advance(by delta: Int) { lock.locked { ticks += delta } }
}

/// The orchard's log. Every line is kept so that the program can check what happened.
public final class Journal: @unchecked Sendable {
  public let name: String
  private var storage: [String] = []
  private let lock = NSLockLite()
  public init(name: String) { self.name = name }
  public func write(_ line: String) { lock.locked { storage.append(line) } }
  public var lines: [String] { lock.locked { storage } }
}

public protocol SensorSource: Sendable {
  func readings(for bed: BedID) throws -> [Reading]
}

/// Readings from a table, failing `flaky` times per bed before it answers.
public final class TableSensors: SensorSource, @unchecked Sendable {
  private let table: [BedID: [Reading]]
  private var failuresLeft: [BedID: Int]
  private let lock = NSLockLite()
  public init(_ table: [BedID: [Reading]], flaky: [BedID: Int] = [:]) {
    self.table = table
    self.failuresLeft = flaky
  }
  public func readings(for bed: BedID) throws -> [Reading] {
    try lock.locked {
      if let left = failuresLeft[bed], left > 0 {
        failuresLeft[bed] = left - 1
        throw OrchardError.sensorOffline(bed)
      }
      return table[bed] ?? []
    }
  }
}

/// A pthread mutex, so that the core needs no Foundation.
public final class NSLockLite: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  public init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  public func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}
