import Foundation
import HarborCore
import Implicits

/// A mail service with a completion-handler API, as older SDKs have.
public final class LegacyMailer: @unchecked Sendable {
  private let queue = DispatchQueue(label: "mailer")
  public private(set) var sent: [String] = []

  public init() {}

  public func send(_ message: String, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
    queue.async {
      self.sent.append(message)
      completion(.success(self.sent.count))
    }
  }
}

/// Sends mail through the legacy API from async code.
public enum Notifier {
  /// Bridged with a continuation; the completion handler runs on the mailer's queue later,
  /// so what it needs travels in a bag.
  public static func welcome(_ user: User, _ scope: ImplicitScope) async throws -> Int {
    @Implicit var mailer: LegacyMailer
    let count: Int = try await withCheckedThrowingContinuation { continuation in
      mailer.send("welcome \(user.name)") { [implicits = Implicits.captureAll()] result in
        withScope(with: implicits) { scope in
          audit("mail sent: \(result)", scope)
        }
        continuation.resume(with: result)
      }
    }
    audit("welcomed \(user.name)", scope)
    return count
  }

  /// The same without async: the caller gets a `Result`.
  public static func welcomeAll(_ users: [User], _ scope: ImplicitScope, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
    @Implicit var mailer: LegacyMailer
    let implicits = Implicits.captureAll()
    mailer.send("digest to \(users.count)") { result in
      withScope(with: implicits) { scope in
        @Implicit var metrics: Metrics
        metrics.increment("mail")
      }
      completion(result)
    }
  }
}

/// Ships the counters somewhere, off the request path.
public enum MetricsFlusher {
  static func flush(_ scope: ImplicitScope) async -> Int {
    @Implicit var metrics: Metrics
    return metrics["requests"]
  }

  /// Correct: the detached task restores the bag it was given.
  public static func flushWithBag(_ scope: ImplicitScope) async -> Int {
    let task = Task.detached { [implicits = Implicits.captureAll()] in
      await withScope(with: implicits) { scope in await flush(scope) }
    }
    return await task.value
  }

  /// Correct: a child task sees the values visible where it was created.
  public static func flushInChild(_ scope: ImplicitScope) async -> Int {
    let task = Task { await flush(scope) }
    return await task.value
  }

  /// P4: a detached task starts empty; `flush` finds no `Metrics`.
  public static func flushInBackground(_ scope: ImplicitScope) async -> Int {
    let task = Task.detached { await flush(scope) } // expected-error@:38 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Metrics' of the enclosing scope}}
    return await task.value
  }
}
