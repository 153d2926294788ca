// Closures the standard library, Dispatch, SwiftUI and the test libraries run before the
// call returns: a closure given to one runs in place, in the caller's scope. These were
// unknown, so each was a false `unclassified-closure-uses-implicit` on correct code
// (found by the session-27 hunt). A closure run on another thread (`concurrentPerform`, a
// block `sync`ed onto the main queue) sees none of the caller's values, as an escaping one.
import Foundation

struct Analytics { init() {} }
struct Row { var id: Int; var group: Int }

func track(_ event: String, _ scope: ImplicitScope) {
  @Implicit var analytics: Analytics // expected-note@:17 {{'Analytics' is read here}}
}
func key(_ row: Row, _ scope: ImplicitScope) -> Int {
  track("key", scope) // expected-note@:3 {{'Analytics' is required by the call to 'track(_:_:)' here}}
  return row.group
}

func inPlace(_ rows: [Row], _ totals: [String: Int], _ name: String, _ queue: DispatchQueue) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let ids = rows.map(\.id)
  ids.withUnsafeBufferPointer { _ in track("buffer", scope) }
  name.withCString { _ in track("c string", scope) }
  _ = totals.mapValues { value -> Int in track("value", scope); return value }
  _ = totals.compactMapValues { value -> Int? in track("value", scope); return value }
  _ = ids.split { id in track("split", scope); return id == 0 }
  _ = ids.elementsEqual(ids) { a, b in track("equal", scope); return a == b }
  _ = totals.merging(totals) { first, _ in track("merge", scope); return first }
  _ = Dictionary(grouping: rows) { key($0, scope) }
  queue.sync { track("serial queue", scope) }
}

// Without the value, the root is told; the closures are not.
func missing(_ rows: [Row]) {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  _ = Dictionary(grouping: rows) { key($0, scope) } // expected-note@:34 {{'Analytics' is required by the closure created here}} // expected-note@:36 {{'Analytics' is required by the call to 'key(_:_:)' here}}
  _ = rows.map(\.id).split { id in track("split", scope); return id == 0 } // expected-note@:28 {{'Analytics' is required by the closure created here}} // expected-note@:36 {{'Analytics' is required by the call to 'track(_:_:)' here}}
}

// Handed to a queue for later, or run on other threads: the values must go in a bag.
func elsewhere() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  DispatchQueue.main.async { track("later", scope) } // expected-error@:30 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Analytics' of the enclosing scope}}
  DispatchQueue.main.sync { track("main thread", scope) } // expected-error@:29 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Analytics' of the enclosing scope}}
  DispatchQueue.concurrentPerform(iterations: 2) { _ in track("workers", scope) } // expected-error@:57 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Analytics' of the enclosing scope}}
  DispatchQueue.concurrentPerform(iterations: 2) { [implicits = #implicits] _ in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    track("workers", scope)
  }
}
