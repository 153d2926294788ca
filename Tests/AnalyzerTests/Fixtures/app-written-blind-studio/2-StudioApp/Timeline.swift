import Implicits
import StudioCore

/// A media timeline: clips render in parallel, a scrubber publishes positions to sinks,
/// and an exporter walks tracks with typed locals re-declared as implicits.
struct Clip: Sendable { var name: String; var frames: Int }

enum TrackKind { case video, audio, titles }

final class Scrubber {
  let positions = Subject<Int>()
  private var tokens: [Cancellable] = []
  private(set) var seen: [String] = []

  /// Sinks restore a bag captured here, once per subscription.
  init(_ scope: ImplicitScope) {
    let implicits = Implicits.captureAll()
    tokens.append(positions.sink { [weak self] position in
      withScope(with: implicits) { scope in
        self?.seen.append(label(for: position, scope))
      }
    })
    let work = { (position: Int, scope: ImplicitScope) in
      @Implicit var logger: Logger
      logger.log("scrub \(position)")
    }
    work(0, scope)
  }
}

func label(for position: Int, _ scope: ImplicitScope) -> String {
  @Implicit var clock: Clock
  return "\(position)@\(clock.now())"
}

/// Renders every clip of a track in a throwing task group and sums the frames.
func renderTrack(_ clips: [Clip], kind: TrackKind, _ scope: ImplicitScope) async throws -> Int {
  try await withThrowingTaskGroup(of: Int.self) { group in
    for clip in clips {
      group.addTask(priority: .medium) {
        try await renderClip(clip, kind, scope)
      }
    }
    var total = 0
    for try await frames in group { total += frames }
    return total
  }
}

func renderClip(_ clip: Clip, _ kind: TrackKind, _ scope: ImplicitScope) async throws -> Int {
  switch kind {
  case .video:
    @Implicit var flags: FeatureFlags
    return flags.experimentalExport ? clip.frames * 2 : clip.frames
  case .audio:
    @Implicit var logger: Logger
    logger.log("audio \(clip.name)")
    return clip.frames
  case .titles:
    return try await withScope(nesting: scope) { inner in
      @Implicit(\.author) var author = "titles"
      async let stamp = try stampTitle(clip, inner)
      return try await stamp
    }
  }
}

func stampTitle(_ clip: Clip, _ scope: ImplicitScope) async throws -> Int {
  @Implicit(\.author) var author: String
  guard !author.isEmpty else { throw TransportError.unauthorized }
  return clip.frames + author.count
}

/// Exports the timeline: injected services are re-declared as implicits by their names.
final class TimelineExporter {
  private let logger: Logger
  private let clock: Clock

  init(logger: Logger, clock: Clock) {
    self.logger = logger
    self.clock = clock
  }

  func export(_ tracks: [TrackKind: [Clip]], flags: FeatureFlags) async throws -> Int {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = logger
    @Implicit var clock = self.clock
    @Implicit var flags = flags
    var total = 0
    for (kind, clips) in tracks.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      total += try await renderTrack(clips, kind: kind, scope)
    }
    let scrubber = Scrubber(scope)
    scrubber.positions.send(total)
    logger.log("exported \(total) frames, \(scrubber.seen)")
    return total
  }
}

/// A background refresher started from synchronous UI code: it must carry a bag.
@MainActor final class RefreshController {
  private(set) var lastCount = 0

  func refreshLater(_ scope: ImplicitScope) -> Task<Void, Never> {
    Task { [implicits = Implicits.captureAll()] in
      await withScope(with: implicits) { scope in
        lastCount = await loadTitles(scope).count
      }
    }
  }

  nonisolated func describe(_ count: Int, _ scope: ImplicitScope) -> String {
    @Implicit var flags: FeatureFlags
    return "\(count) titles, export \(flags.experimentalExport)"
  }
}

extension Studio {
  /// Exports a timeline of all three track kinds.
  public static func timeline(_ logger: Logger, _ clock: Clock) async throws -> Int {
    let exporter = TimelineExporter(logger: logger, clock: clock)
    let tracks: [TrackKind: [Clip]] = [
      .video: [Clip(name: "intro", frames: 10), Clip(name: "body", frames: 20)],
      .audio: [Clip(name: "music", frames: 30)],
      .titles: [Clip(name: "credits", frames: 5)],
    ]
    return try await exporter.export(tracks, flags: FeatureFlags(experimentalExport: true))
  }

  /// Starts a refresh from the main actor and waits for it.
  @MainActor public static func refresh(_ scope: ImplicitScope) async -> String {
    let controller = RefreshController()
    await controller.refreshLater(scope).value
    return controller.describe(controller.lastCount, scope)
  }
}
