// Callback-style code written the way apps use bags (an event bus, controllers whose
// handlers capture the context they were registered in and restore it on every event,
// handlers firing from worker threads, re-entrant events, follow-up work scheduled from a
// handler), checked by .ci/run: every check exits non-zero with what it saw when it fails.
// A handler restores the same bag again and again, which is the runtime's bag-table path
// from the second event on.
import Dispatch
import Foundation
import Implicits

final class Logger: @unchecked Sendable {
  let name: String
  private let lock = NSLock()
  private var lines: [String] = []
  init(_ name: String) { self.name = name }
  func log(_ line: String) { lock.withLock { lines.append(line) } }
  var count: Int { lock.withLock { lines.count } }
}
final class API: Sendable {
  let base: String
  init(_ base: String) { self.base = base }
}
struct Theme: Sendable { var dark: Bool }

enum RequestIDKey: ImplicitKeyType { typealias Value = Int }
enum ScreenKey: ImplicitKeyType { typealias Value = String }
extension ImplicitsKeys {
  var requestID: RequestIDKey.Type { RequestIDKey.self }
  var screen: ScreenKey.Type { ScreenKey.self }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    print("FAIL line \(line): \(message())")
    exit(1)
  }
}

/// A tiny event bus, as UI frameworks have: handlers registered by name, called later.
final class EventBus: @unchecked Sendable {
  private let lock = NSLock()
  private var handlers: [String: [@Sendable () -> Void]] = [:]
  func on(_ name: String, _ handler: @escaping @Sendable () -> Void) {
    lock.withLock { handlers[name, default: []].append(handler) }
  }
  func emit(_ name: String) {
    let registered = lock.withLock { handlers[name] ?? [] }
    registered.forEach { $0() }
  }
  func removeAll(_ name: String) { lock.withLock { handlers[name] = nil } }
}

// Leaf code: reads what it needs, knows nothing of bags.
func send(_ path: String, _ scope: ImplicitScope) -> String {
  @Implicit var api: API
  @Implicit var logger: Logger
  @Implicit(\.requestID) var requestID: Int
  logger.log("\(requestID) \(path)")
  return "\(api.base)\(path)#\(requestID)"
}

func screenName(_ scope: ImplicitScope) -> String {
  @Implicit(\.screen) var screen: String
  return screen
}

/// A screen's controller: registers handlers in its scope; each handler restores it.
final class CheckoutController: Sendable {
  let bus: EventBus
  init(_ scope: ImplicitScope, bus: EventBus) {
    self.bus = bus
    @Implicit(\.screen) var screen = "checkout"
    let bag = Implicits.captureAll()
    bus.on("tap") { [bag] in
      let scope = ImplicitScope(with: bag)
      defer { scope.end() }
      // A value of the handler's own, per event, in a nested scope.
      let request = scope.nested()
      @Implicit(\.requestID) var requestID = Counter.next()
      let sent = send("/pay", request)
      check(sent.hasPrefix("https://shop/pay#"), "tap sent \(sent)")
      check(screenName(request) == "checkout", "tap screen \(screenName(request))")
      request.end()
      // Back in the restored scope: the request ID is gone, the bag's values are not.
      check(ImplicitScope.dumpCurrent().keys.allSatisfy { !$0.contains("RequestID") }, "request ID leaked")
      @Implicit var theme: Theme
      check(theme.dark, "tap theme")
    }
    bus.on("refresh") { [bag] in
      withScope(with: bag) { scope in
        // A different theme for this event only: shadows the bag's in the restored frame.
        @Implicit var theme = Theme(dark: false)
        @Implicit(\.requestID) var requestID = 0
        _ = send("/refresh", scope)
        // Re-entrant: a tap handled inside this one restores its own bag and ends it.
        bus.emit("tap")
        @Implicit var seen: Theme
        check(!seen.dark, "refresh lost its own theme after a nested event")
        check(screenName(scope) == "checkout", "refresh screen")
      }
    }
    bus.on("later") { [bag] in
      // Follow-up work captured inside a restored scope runs on another thread.
      let followUp: Implicits = withScope(with: bag) { _ in
        @Implicit(\.requestID) var requestID = 99
        return Implicits.captureAll()
      }
      let done = DispatchSemaphore(value: 0)
      let box = ResultBox()
      Thread {
        box.value = withScope(with: followUp) { scope in send("/receipt", scope) }
        done.signal()
      }.start()
      done.wait()
      check(box.value == "https://shop/receipt#99", "follow-up sent \(box.value)")
    }
    bus.on("isolated") { [bag] in
      withScope(with: bag) { _ in
        // An operation that must see none of the screen's values.
        withScope(with: Implicits()) { scope in
          check(ImplicitScope.dumpCurrent().keys.isEmpty, "empty bag shows \(ImplicitScope.dumpCurrent().keys)")
          @Implicit var api = API("https://sandbox")
          @Implicit var logger = Logger("sandbox")
          @Implicit(\.requestID) var requestID = -1
          check(send("/probe", scope) == "https://sandbox/probe#-1", "sandbox")
        }
        @Implicit var api: API
        check(api.base == "https://shop", "after the empty bag: \(api.base)")
      }
    }
  }
}

final class ResultBox: @unchecked Sendable { var value = "" }
enum Counter {
  nonisolated(unsafe) static var value = 0
  static let lock = NSLock()
  static func next() -> Int { lock.withLock { value += 1; return value } }
}

let bus = EventBus()
let logger = Logger("app")
withScope { scope in
  @Implicit var api = API("https://shop")
  @Implicit var appLogger = logger
  @Implicit var theme = Theme(dark: true)
  _ = CheckoutController(scope, bus: bus)
}
check(ImplicitScope.dumpCurrent().keys.isEmpty, "values outside any scope after setup")

// Events on the main thread, many times (the first restores copy, later ones take the table).
for _ in 0..<1_000 { bus.emit("tap") }
for _ in 0..<100 { bus.emit("refresh") }
bus.emit("later")
bus.emit("isolated")
check(logger.count == 1_000 + 100 * 2 + 1, "logged \(logger.count)")

// The same handlers from four worker threads at once.
DispatchQueue.concurrentPerform(iterations: 4) { _ in
  for round in 0..<500 {
    bus.emit(round % 5 == 0 ? "refresh" : "tap")
  }
}
check(logger.count == 1_201 + 4 * (400 + 100 * 2), "logged \(logger.count) after threads")

// A handler whose controller goes away while it runs: the restored scope keeps the values.
withScope { _ in
  @Implicit var api = API("https://short-lived")
  @Implicit(\.screen) var screen = "modal"
  let bag = Implicits.captureAll()
  bus.on("close") { [bag] in
    let scope = ImplicitScope(with: bag)
    bus.removeAll("close")  // drops the handler and, with it, the bag
    @Implicit var api: API
    check(api.base == "https://short-lived", "closing read \(api.base)")
    check(screenName(scope) == "modal", "closing screen")
    scope.end()
  }
}
bus.emit("close")
bus.emit("close")  // removed: nothing runs

check(ImplicitScope.dumpCurrent().keys.isEmpty, "values left open: \(ImplicitScope.dumpCurrent().keys)")
print("AppStyleCallbacks: ok (\(logger.count) requests)")
