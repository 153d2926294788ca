import Implicits

/// A change to one setting, as the server pushes it.
public struct SettingChange: Sendable, Equatable {
  public let key: String
  public let value: Bool
}

/// A tiny Combine-style subject: `sink` keeps its closure and runs it on every `send`.
public final class Subject<Output> {
  private var sinks: [(Output) -> Void] = []
  public init() {}
  public func send(_ value: Output) { for sink in sinks { sink(value) } }
  public func map<T>(_ transform: @escaping (Output) -> T) -> Subject<T> {
    let mapped = Subject<T>()
    sinks.append { mapped.send(transform($0)) }
    return mapped
  }
  public func sink(_ receive: @escaping (Output) -> Void) {
    sinks.append(receive)
  }
}

/// Parses the server's `key=on|off` lines.
func parse(_ line: String, _ scope: ImplicitScope) -> SettingChange? {
  let parts = line.split(separator: "=")
  guard parts.count == 2 else {
    track("parse.error", scope)
    return nil
  }
  return SettingChange(key: String(parts[0]), value: parts[1] == "on")
}

/// Applies the lines of an async stream as they arrive, in this task.
public func apply<S: AsyncSequence>(_ lines: S, _ scope: ImplicitScope) async throws -> [SettingChange]
where S.Element == String {
  @Implicit var preferences: Preferences
  var applied: [SettingChange] = []
  for try await line in lines {
    guard let change = parse(line, scope) else { continue }
    preferences.set(change.key, change.value)
    applied.append(change)
  }
  return applied
}

/// Subscribes to pushed lines: the sink runs whenever the server pushes, long after the
/// scope that subscribed has ended, so it restores the values it captured.
public func subscribe(_ pushes: Subject<String>, _ scope: ImplicitScope) {
  pushes
    .map { $0.lowercased() }
    .sink { [implicits = Implicits.captureAll()] line in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      @Implicit var preferences: Preferences
      if let change = parse(line, scope) { preferences.set(change.key, change.value) }
    }
}

/// Counts changes per key over an `AsyncStream`, through `map` and `filter`.
public func countChanges(_ lines: [String], _ scope: ImplicitScope) async -> Int {
  let stream = AsyncStream<String> { continuation in
    for line in lines { continuation.yield(line) }
    continuation.finish()
  }
  var count = 0
  for await change in stream.compactMap({ parse($0, scope) }).filter({ $0.value }) {
    _ = change
    count += 1
  }
  return count
}
