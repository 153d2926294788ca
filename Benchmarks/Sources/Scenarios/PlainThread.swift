#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs code on a new POSIX thread outside any Swift task, which is where the runtime's
/// synchronous fast path applies (a harness that runs benchmarks in tasks would measure
/// the task path instead).
public enum PlainThread {
  private final class Job {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts `body` on a new thread; `join` the returned handle.
  public static func start(_ body: @escaping @Sendable () -> Void) -> Handle {
    let job = Unmanaged.passRetained(Job(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { raw in
      #if canImport(Darwin)
        let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
      #else
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
      #endif
      job.body()
      return nil
    }, job)
    precondition(status == 0, "pthread_create failed with \(status)")
    #if canImport(Darwin)
      return Handle(thread: thread!)
    #else
      return Handle(thread: thread)
    #endif
  }

  /// Runs `body` on a new thread and waits for it.
  public static func run(_ body: @escaping @Sendable () -> Void) {
    start(body).join()
  }

  public struct Handle: @unchecked Sendable {
    let thread: pthread_t
    public func join() { pthread_join(thread, nil) }
  }
}
