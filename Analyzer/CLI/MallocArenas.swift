#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#endif

/// Caps glibc's malloc arenas at two for `check`. By default each thread that allocates
/// while another holds an arena gets an arena of its own (up to 8 per core), and the
/// worker threads' arenas grow instead of reusing memory the main thread's arena has
/// freed: at 5,000 files that made the peak RSS vary by run, up to 306–312 MiB against
/// the 300 MiB limit. Two arenas measured 5–9 MiB lower and steadier with no wall-time
/// cost; one arena serialises every allocation (+60 % wall). Benchmarks/Analyzer/README.md,
/// "malloc arenas". `MALLOC_ARENA_MAX` in the environment still wins, for measuring.
/// Darwin's malloc has no such knob and needs none.
enum MallocArenas {
  static func limit() {
    #if canImport(Glibc)
    guard getenv("MALLOC_ARENA_MAX") == nil,
      // `mallopt` and `M_ARENA_MAX` (-8, fixed by glibc's ABI) are not in the Glibc module.
      let symbol = dlsym(nil, "mallopt")
    else { return }
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-8, 2)
    #endif
  }
}
#endif
