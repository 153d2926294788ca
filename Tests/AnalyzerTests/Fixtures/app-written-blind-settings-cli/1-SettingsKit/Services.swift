// A blind round (issue 18 item 8, session 10): a settings screen in SwiftUI style with an
// @Observable model and closure wrappers for its buttons, a command-line tool with
// subcommands, a Combine-style subject and an AsyncSequence pipeline, generic and protocol
// extensions, #if DEBUG mocks, and Swift Testing tests, written before the analyzer saw
// them. Compiled runtime-only with the generated support file and run: the correct paths
// run to the end; each path marked broken stops on the missing value it is reported for.
import Foundation
import Implicits

/// Key-value preferences, as `UserDefaults` would hold them.
public final class Preferences: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Bool] = [:]
  public init(_ values: [String: Bool] = [:]) { self.values = values }
  public func bool(_ key: String) -> Bool { lock.withLock { values[key] ?? false } }
  public func set(_ key: String, _ value: Bool) { lock.withLock { values[key] = value } }
}

public final class Analytics: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []
  public init() {}
  public func track(_ event: String) { lock.withLock { recorded.append(event) } }
  public var events: [String] { lock.withLock { recorded } }
}

public struct Clock: Sendable {
  public var now: Int
  public init(now: Int = 0) { self.now = now }
}

public protocol HTTPClient: Sendable {
  func get(_ path: String) async throws -> String
}

public struct LiveHTTPClient: HTTPClient {
  public init() {}
  public func get(_ path: String) async throws -> String { "live:\(path)" }
}

extension ImplicitsKeys {
  public static let locale = Key<String>()
  public static let verbose = Key<Bool>(default: false)
}

/// Records an event with the locale it happened in.
public func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
  @Implicit(\.locale) var locale: String
  analytics.track("\(event)@\(locale)")
}
