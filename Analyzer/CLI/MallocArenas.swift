#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Caps glibc's malloc arenas for `check` at one per thread it can run at once: ours (the
/// main thread, two `Beside` in `CheckRun.render`, `EarlyOutputs`, the call lookups') and
/// libdispatch's workers, up to twice the cores (a `concurrentPerform` that starts while the
/// last one's worker has not gone idle yet gets a new one). Nine on two cores.
///
/// Why not fewer: a thread beyond the cap shares an arena, and which one is chance (glibc
/// hands it the first it finds unlocked). Capped at two, the second worker libdispatch
/// started at every re-check was handed the main thread's arena, and whenever the pool woke
/// that worker for a `concurrentPerform` the two contended for the arena's lock: with the
/// cache files read on a worker, a body-edit re-check at 5,000 files took 0.50–0.72 s
/// instead of 0.36–0.50 s, the main thread and that worker each waiting on the lock for
/// about half of their samples (perf). Why a cap at all: glibc's default, 8 per core, lets
/// an arena per thread grow apart from the others' free memory; a check's threads are fewer,
/// and what the per-file phase freed goes back anyway (`FreedMemory`). Against two arenas a
/// cold check peaked the same (233–238 against 235–236 MiB at 5,000 files), a cache-filling
/// one 2–3 MiB higher (`Benchmarks/Analyzer/README.md`, "malloc arenas, one per thread").
/// `MALLOC_ARENA_MAX` in the environment still wins, for measuring. Darwin's malloc has no
/// such knob and needs none.
enum MallocArenas {
  /// The threads of ours besides libdispatch's workers.
  static let ownThreads = 5

  static func limit() {
    #if canImport(Glibc)
    guard getenv("MALLOC_ARENA_MAX") == nil,
      // `mallopt` and `M_ARENA_MAX` (-8, fixed by glibc's ABI) are not in the Glibc module.
      let symbol = dlsym(nil, "mallopt")
    else { return }
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-8, Int32(clamping: ownThreads + 2 * ProcessInfo.processInfo.activeProcessorCount))
    #endif
  }
}
#endif
