import Foundation
import Implicits

/// The app's log: every module writes what it did here, and tests read it back.
public final class Journal: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  public let name: String

  public init(name: String = "main") { self.name = name }

  public func write(_ line: String) {
    lock.lock(); defer { lock.unlock() }
    storage.append(line)
  }

  public var lines: [String] {
    lock.lock(); defer { lock.unlock() }
    return storage
  }
}

/// Where counters go; the app uses a dictionary, tests a recording fake.
public protocol MetricsSink: AnyObject, Sendable {
  func count(_ name: String, _ value: Int)
  var total: Int { get }
}

public final class MemoryMetrics: MetricsSink, @unchecked Sendable {
  private let lock = NSLock()
  private var counters: [String: Int] = [:]
  public init() {}
  public func count(_ name: String, _ value: Int) {
    lock.lock(); defer { lock.unlock() }
    counters[name, default: 0] += value
  }
  public var total: Int {
    lock.lock(); defer { lock.unlock() }
    return counters.values.reduce(0, +)
  }
  public subscript(_ name: String) -> Int {
    lock.lock(); defer { lock.unlock() }
    return counters[name] ?? 0
  }
}

/// Writes a line to the journal of the caller's scope, prefixed with the locale.
public func note(_ text: String, _ scope: ImplicitScope) {
  @Implicit var journal: Journal
  @Implicit(\.locale) var locale: String
  journal.write("[\(locale)] \(text)")
}

/// Counts into the metrics sink of the caller's scope.
public func tally(_ name: String, by value: Int = 1, _ scope: ImplicitScope) {
  @Implicit var metrics: any MetricsSink
  metrics.count(name, value)
}

/// Sums one integer field of any values, picked by a key path, and counts the sum.
public func sum<T>(_ items: [T], _ field: KeyPath<T, Int>, _ scope: ImplicitScope) -> Int {
  let total = items.map { $0[keyPath: field] }.reduce(0, +)
  tally("sum", by: total, scope)
  return total
}
