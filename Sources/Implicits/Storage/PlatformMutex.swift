#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A heap-allocated pthread mutex for the rare paths that share state between threads
/// (default values, lazy declarations); the hot paths never take it.
final class _PlatformMutex: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    guard pthread_mutex_init(mutex, nil) == 0 else {
      _Diagnostics.fail("cannot initialise a mutex (out of resources)")
    }
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
