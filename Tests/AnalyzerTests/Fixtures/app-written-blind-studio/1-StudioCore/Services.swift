// A blind round (issue 18 item 8, session 12): a studio app — SwiftUI-style views over
// @Observable models, a networking layer with retry/backoff and an AsyncStream, a document
// editor with an undo stack of closures and `sink` callbacks, a plugin registry over a
// protocol with an associated type and generic repositories, an ECS game loop, a
// subcommand CLI, yandex/implicits-style code with named closure wrappers, actors,
// `@MainActor`/`nonisolated`, `Task.detached` with a bag, discarding and throwing task
// groups, throwing `async let`, Swift Testing and XCTest — written before the analyzer
// saw it. Compiled runtime-only (with the support files the analyzer writes) and run:
// every correct path runs to the end and the tests pass; the five planted mistakes (P1–P5,
// marked where they are) each stop the program on the value reported here.
import Foundation
import Implicits

/// Collects log lines; thread-safe so tasks can share it.
public final class Logger: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  public let label: String
  public init(label: String = "studio") { self.label = label }
  public func log(_ line: String) { lock.withLock { lines.append("[\(label)] \(line)") } }
  public var all: [String] { lock.withLock { lines } }
}

/// Wall-clock stand-in that tests can fix.
public struct Clock: Sendable {
  public var now: @Sendable () -> Int
  public init(now: @escaping @Sendable () -> Int) { self.now = now }
  public static let fixed = Clock(now: { 1_700_000_000 })
}

/// How the networking layer reaches a server.
public protocol HTTPTransport: Sendable {
  func send(_ path: String) async throws -> String
}

public enum TransportError: Error, Equatable {
  case timedOut(String)
  case unauthorized
}

/// Answers from a table, failing the first `failures` calls of each path.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var remainingFailures: [String: Int]
  private let answers: [String: String]
  public private(set) var calls: [String] = []

  public init(answers: [String: String], failures: [String: Int] = [:]) {
    self.answers = answers
    self.remainingFailures = failures
  }

  public func send(_ path: String) async throws -> String {
    try lock.withLock {
      calls.append(path)
      if let left = remainingFailures[path], left > 0 {
        remainingFailures[path] = left - 1
        throw TransportError.timedOut(path)
      }
      guard let answer = answers[path] else { throw TransportError.unauthorized }
      return answer
    }
  }
}

/// Retry policy with exponential backoff (in "ticks", so tests do not sleep).
public struct RetryPolicy: Sendable {
  public var attempts: Int
  public var baseDelay: Int
  public init(attempts: Int = 3, baseDelay: Int = 1) {
    self.attempts = attempts
    self.baseDelay = baseDelay
  }
  public func delay(afterAttempt attempt: Int) -> Int { baseDelay << attempt }
}

extension RetryPolicy: DefaultImplicit {
  public static var defaultImplicit: RetryPolicy { RetryPolicy() }
}

/// A string-keyed store the repositories persist into.
public final class KeyValueStore: @unchecked Sendable {
  private let lock = NSLock()
  private var rows: [String: String] = [:]
  public init() {}
  public func put(_ key: String, _ value: String) { lock.withLock { rows[key] = value } }
  public func get(_ key: String) -> String? { lock.withLock { rows[key] } }
  public var keys: [String] { lock.withLock { rows.keys.sorted() } }
}

extension ImplicitsKeys {
  /// The signed-in user's token; the networking layer adds it to every request.
  public static let authToken = Key<String>()
  /// Who edits documents; the editor stamps it on every change.
  public static let author = Key<String>()
  /// Frames per second of the game loop.
  public static let frameRate = Key<Int>(default: 60)
}
