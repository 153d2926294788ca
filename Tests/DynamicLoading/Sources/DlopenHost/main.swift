// Opens libScopeRunner.so (path in argv[1]) with dlopen and runs scopes through it, on the
// main thread and on a second thread. Exits 0 on success, 1 with a message otherwise.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String) -> Never {
  print("DlopenHost: \(message)")
  exit(1)
}

guard CommandLine.arguments.count == 2 else { fail("usage: DlopenHost <path to libScopeRunner>") }
guard let library = dlopen(CommandLine.arguments[1], RTLD_NOW | RTLD_LOCAL) else {
  fail("dlopen failed: \(String(cString: dlerror()))")
}
guard let symbol = dlsym(library, "implicits_run_scope") else { fail("no implicits_run_scope") }
typealias RunScope = @convention(c) () -> Int32
// Globals of main.swift belong to the main actor; the thread reads these two directly.
nonisolated(unsafe) let runScope = unsafeBitCast(symbol, to: RunScope.self)

guard runScope() == 1, runScope() == 1 else { fail("a scope read the wrong values on the main thread") }

// A second thread gets its own thread-local context from the library.
nonisolated(unsafe) var threadResult: Int32 = 0
#if canImport(Darwin)
  var thread: pthread_t?
#else
  var thread = pthread_t()
#endif
nonisolated func runOnThread(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  threadResult = runScope() == 1 && runScope() == 1 ? 1 : 0
  return nil
}
let created = pthread_create(&thread, nil, runOnThread, nil)
guard created == 0 else { fail("pthread_create failed") }
#if canImport(Darwin)
  pthread_join(thread!, nil)
#else
  pthread_join(thread, nil)
#endif
guard threadResult == 1 else { fail("a scope read the wrong values on a second thread") }
print("DlopenHost: scopes ran in a dlopen'ed Implicits on two threads")
