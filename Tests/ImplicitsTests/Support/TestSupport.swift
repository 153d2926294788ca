import Foundation
import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@testable import Implicits

/// Runs `body` on a fresh thread outside any task (the runtime's thread path) and waits.
func onThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
  let box = ResultBox<Result>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = 8 << 20
  thread.start()
  done.wait()
  return box.value!
}

final class ResultBox<Value>: @unchecked Sendable {
  var value: Value?
}

/// Expects the calling thread's C context to satisfy its invariants.
func expectInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
  let violation = ims_check_invariants(ims_thread_context()).map { String(cString: $0) }
  #expect(violation == nil, sourceLocation: sourceLocation)
}

/// Whether the calling thread holds no implicit context at all (no per-thread leak).
var threadContextIsEmpty: Bool { ims_thread_context() == nil }

// Values used across the tests.
struct Wallet: Equatable { var balance: Int }
final class Logger: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
struct Settings: Equatable { var darkMode: Bool; var locale: String }

enum DarkModeKey: ImplicitKeyType { typealias Value = Bool }

extension ImplicitsKeys {
  static let discount = Key<Double>()
  enum _discount_Tag {}
  var discount: ImplicitKey<Double, _discount_Tag>.Type { ImplicitKey<Double, _discount_Tag>.self }

  static let userName = Key<String>()
  enum _userName_Tag {}
  var userName: ImplicitKey<String, _userName_Tag>.Type { ImplicitKey<String, _userName_Tag>.self }

  // The manual form of a named key, without plugin or macro.
  var darkMode: DarkModeKey.Type { DarkModeKey.self }
}

extension ImplicitScope {
  /// The visible value of the type key `type`, or nil: a non-stopping read for assertions.
  static func read<T>(_: T.Type) -> T? {
    _Runtime.lookup(_Payload.typeIdentity(T.self), as: T.self)
  }

  /// The visible value of a named key, or nil.
  static func read<K: ImplicitKeyType>(_: KeySpecifier<K>) -> K.Value? {
    _Runtime.lookup(K._rawIdentity, as: K.Value.self)
  }
}

/// A thread-safe count of how often something ran.
final class RunCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// A value that counts its deinitializations: a bag must release what it captured exactly
/// once; a scope ended while an `async let` runs releases its values once the child is done.
final class Counted: Sendable {
  let name: String
  let deinits: RunCount
  init(_ name: String, deinits: RunCount) {
    self.name = name
    self.deinits = deinits
  }
  deinit { deinits.increment() }
}

/// A one-shot signal between tasks: `wait()` returns once `signal()` has been called.
actor Event {
  private var signaled = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func signal() {
    signaled = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if signaled { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}

/// The standard error of a child process an exit test ran, as text (empty without a result).
func standardError(of result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
