import Implicits
import StudioCore

/// The networking layer: reads its transport once, retries with backoff, and stamps the
/// auth header on each request from the caller's scope.
final class APIClient: @unchecked Sendable {
  @Implicit var transport: any HTTPTransport // expected-note@:17 {{'any HTTPTransport' is read by this stored property when 'init(_ scope:)' runs}}
  @Implicit var policy: RetryPolicy

  init(_ scope: ImplicitScope) {}

  func get(_ path: String, _ scope: ImplicitScope) async throws -> String {
    let header = authorizationHeader(scope) // expected-note@:18 {{'\.authToken' of StudioCore is required by the call to 'authorizationHeader(_:)' here}} // expected-note@:18 {{'\.authToken' of StudioCore is read in 'authorizationHeader(_:)' at app-written-blind-studio/1-StudioCore/Settings.swift:60:30}}
    var attempt = 0
    while true {
      do {
        let body = try await transport.send(path)
        return header.isEmpty ? body : body
      } catch TransportError.timedOut(let failed) {
        attempt += 1
        guard attempt < policy.attempts else { throw TransportError.timedOut(failed) }
        await backoff(policy.delay(afterAttempt: attempt), scope) // expected-note@:15 {{'Logger' is required by the call to 'backoff(_:_:)' here}}
      }
    }
  }

  /// Waits `ticks` without sleeping, and logs it: tests see each retry in the log.
  private func backoff(_ ticks: Int, _ scope: ImplicitScope) async {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    logger.log("retry after \(ticks) ticks")
    await Task.yield()
  }
}

/// Events the sync engine reports while it works.
enum SyncEvent: Equatable, Sendable {
  case started(String)
  case fetched(String, Int)
  case finished
}

/// Pulls the profile and documents in parallel and streams its progress.
struct SyncEngine {
  let paths: [String]

  func pull(_ scope: ImplicitScope) async throws -> (profile: String, sizes: [Int]) {
    let client = APIClient(scope)
    async let profile = client.get("/me", scope)
    async let sizes = fetchAll(client, scope)
    return try await (profile, sizes)
  }

  private func fetchAll(_ client: APIClient, _ scope: ImplicitScope) async throws -> [Int] {
    var sizes: [Int] = []
    for path in paths {
      sizes.append(try await client.get(path, scope).count)
    }
    return sizes
  }

  /// The same work as a stream; a consumer iterates it with `for await`.
  func events(_ scope: ImplicitScope) -> AsyncStream<SyncEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: SyncEvent.self)
    let paths = self.paths
    Task { [implicits = Implicits.captureAll()] in
      await withScope(with: implicits) { scope in
        let client = APIClient(scope)
        for path in paths {
          continuation.yield(.started(path))
          let body = (try? await client.get(path, scope)) ?? ""
          continuation.yield(.fetched(path, body.count))
        }
      }
      continuation.yield(.finished)
      continuation.finish()
    }
    return stream
  }
}

/// Consumes a sync's events and logs each one.
func logSync(_ engine: SyncEngine, _ scope: ImplicitScope) async -> Int {
  @Implicit var logger: Logger
  var fetched = 0
  for await event in engine.events(scope) {
    if case .fetched(let path, let size) = event {
      logger.log("fetched \(path) (\(size))")
      fetched += 1
    }
  }
  return fetched
}

/// Uploads every document at once; the first failure cancels the rest.
func uploadAll(_ documents: [Document], _ scope: ImplicitScope) async throws {
  try await withThrowingDiscardingTaskGroup { group in
    for document in documents {
      group.addTask {
        let client = APIClient(scope)
        _ = try await client.get("/upload/\(document.id)", scope)
      }
    }
  }
}

/// Polls the feed in the background, on a task of its own.
final class FeedPoller: @unchecked Sendable {
  private let implicits: Implicits
  private(set) var results: [String] = []

  init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  /// Correct: the detached task restores the bag captured when the poller was made.
  func start() -> Task<Void, Never> {
    Task.detached { [implicits] in
      await withScope(with: implicits) { scope in
        self.results.append(await self.poll(scope))
      }
    }
  }

  /// Planted P2: a detached task starts empty, and this root scope declares nothing.
  func startDetached() -> Task<Void, Never> {
    Task.detached {
      await withScope { scope in // expected-error@:13 [unresolved-implicit] {{unresolved implicits 'Logger', '\.authToken' of StudioCore and 'any HTTPTransport' at this entry point}}
        self.results.append(await self.poll(scope)) // expected-note@:35 {{'Logger', '\.authToken' of StudioCore and 'any HTTPTransport' are required by the call to 'poll(_:)' here}}
      }
    }
  }

  private func poll(_ scope: ImplicitScope) async -> String {
    let client = APIClient(scope) // expected-note@:18 {{'any HTTPTransport' is required by the call to 'APIClient.init(_:)' here}}
    return (try? await client.get("/feed", scope)) ?? "offline" // expected-note@:24 {{'Logger' and '\.authToken' of StudioCore are required by the call to 'get(_:_:)' here}}
  }
}
