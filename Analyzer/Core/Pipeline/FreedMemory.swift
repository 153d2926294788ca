#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages glibc's malloc holds free back to the system, where a phase of `check`
/// has just freed much of what it made: after the files are simulated (their effects and
/// the records kept for the cache are let go of) and before the outputs.
///
/// Why: memory freed into one malloc arena is reused only by the threads attached to it
/// (one per thread, `MallocArenas`), and which threads make the next phase's allocations is
/// chance: libdispatch retires a worker idle for a few seconds (a serial phase under load)
/// and a new thread (`Beside`, `OnWorker`, a new worker) takes a fresh arena or one a gone
/// thread left. When the outputs' allocations land in an arena that holds less free memory,
/// that arena grows while the others keep their free pages resident: with two arenas, a
/// cache-filling check at 5,000 files held 43–77 MB free at its peak in those runs
/// (309–327 MiB) against 23–29 MB in the others (279–281 MiB).
/// Pages given back cost a page fault when used again, not a copy; so a re-check, whose
/// peak (~230 MiB at 5,000 files) is far from a cold check's and whose graph and outputs
/// reuse what the per-file phase freed, keeps them (`ReplayedFiles.mostReplayed`): ~7,000
/// fewer page faults of ~63,000 after a body edit.
///
/// Off unless the command line turns it on: a process embedding the library (the tests)
/// keeps its own allocator's habits. Darwin's malloc returns free pages by itself.
public enum FreedMemory {
  /// Set once by the command line, before any check runs.
  nonisolated(unsafe) public static var isReleased = false

  static func release() {
    #if canImport(Glibc)
    guard isReleased, let trim = trim else { return }
    _ = trim(0)
    #endif
  }

  #if canImport(Glibc)
  /// `malloc_trim` is not in the Glibc module.
  private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
    unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
  }
  #endif
}
#endif
