import Implicits
import MailCore

/// Runs `operation` until it succeeds, at most `\.syncRetries` times, sleeping between tries.
func withRetries<T>(
  _ path: String,
  report: (SyncEvent) -> Void,
  _ scope: ImplicitScope,
  _ operation: (ImplicitScope) async throws -> T
) async throws -> T {
  @Implicit(\.syncRetries) var retries: Int
  var attempt = 1
  while true {
    try Task.checkCancellation()
    do {
      return try await operation(scope)
    } catch let error as APIError {
      guard case .unavailable = error, attempt < retries else { throw error }
      report(.retried(path: path, attempt: attempt))
      trace("retrying \(path) after attempt \(attempt)", scope)
      try await Task.sleep(nanoseconds: UInt64(attempt) * 1_000_000)
      attempt += 1
    }
  }
}
