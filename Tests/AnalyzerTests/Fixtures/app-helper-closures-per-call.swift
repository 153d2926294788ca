// Helpers that run the closure they are given before they return (`withRetry`, `measure`, a
// database `transaction`), each called from several places with a different closure. A
// closure runs only in the call it is passed to, under what the helper declares around it,
// so each call needs what its own closure needs and no other's. Before, the closures passed
// for one parameter were one set: every caller of `withRetry` needed what any closure passed
// to it anywhere needed (the sync entry point got the cache's key, the purge the database's).
import Implicits

import Foundation

final class Database { func write(_ sql: String) {} }
final class Cache { func clear() {} }
final class Metrics { func record(_ name: String, _ milliseconds: Int) {} }
final class Clock { var now: Int { 0 } }
final class Connection { func execute(_ sql: String) {} }
final class Analytics { func track(_ event: String) {} }

/// Tries the body up to three times.
func withRetry(_ body: (ImplicitScope) -> Void, _ scope: ImplicitScope) {
  for _ in 0..<3 { body(scope) } // expected-note@:20 {{'Cache' is required by the closures passed for this parameter, which is called here}}
}

/// Times the body; the clock is in scope for it.
func measure(_ name: String, _ scope: ImplicitScope, _ body: (ImplicitScope) -> Void) {
  @Implicit var metrics: Metrics // expected-note@:17 {{'Metrics' is read here}}
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var clock = Clock()
  body(scope) // expected-note@:3 {{'Analytics' is required by the closures passed for this parameter, which is called here}}
  metrics.record(name, clock.now)
}

/// Runs the body under a lock with a connection of its own in scope.
func transaction(_ scope: ImplicitScope, _ body: (ImplicitScope) -> Void) {
  @Implicit var database: Database
  NSLock().withLock { // expected-note@:21 {{'Analytics' is required by the closure created here}}
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var connection = Connection()
    body(scope) // expected-note@:5 {{'Analytics' is required by the closures passed for this parameter, which is called here}}
  }
}

func sync() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  @Implicit var metrics = Metrics()
  withRetry({ scope in
    @Implicit var database: Database
    database.write("sync")
  }, scope)
  measure("sync", scope) { scope in
    @Implicit var clock: Clock
    @Implicit var database: Database
    _ = clock.now
  }
  transaction(scope) { scope in
    @Implicit var connection: Connection
    connection.execute("update")
  }
}

func purge() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache()
  @Implicit var metrics = Metrics()
  @Implicit var database = Database()
  withRetry({ scope in
    @Implicit var cache: Cache
    cache.clear()
  }, scope)
  measure("purge", scope) { scope in
    @Implicit var cache: Cache
    cache.clear()
  }
  transaction(scope) { scope in
    @Implicit var cache: Cache
    @Implicit var connection: Connection
    cache.clear()
    connection.execute("delete")
  }
}

final class ProfileViewModel {
  func save(_ scope: ImplicitScope) {
    withRetry({ scope in
      @Implicit var database: Database
      database.write("profile")
    }, scope)
  }
}

/// Reaches `withRetry` through a method: the closure's key is the method's.
func saveProfile() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  ProfileViewModel().save(scope)
}

// Broken: the analytics closure reads a value no one declares, at this call only.
func report() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  @Implicit var database = Database()
  measure("report", scope) { scope in // expected-note@:3 {{'Analytics' is required by the call to 'measure(_:_:)' here}} // expected-note@:28 {{'Analytics' is required by the closure created here}}
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
    @Implicit var clock: Clock
    analytics.track("report \(clock.now)")
  }
  transaction(scope) { scope in
    @Implicit var connection: Connection
    connection.execute("select")
  }
}

// Broken: the purge's closure needs the cache; here no one declares it.
func purgeWithoutCache() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Cache' at this entry point}}
  defer { scope.end() }
  withRetry({ scope in // expected-note@:3 {{'Cache' is required by the call to 'withRetry(_:_:)' here}} // expected-note@:13 {{'Cache' is required by the closure created here}}
    @Implicit var cache: Cache // expected-note@:19 {{'Cache' is read here}}
    cache.clear()
  }, scope)
}

// Broken: the export's closure reads the analytics inside the transaction; no one declares
// them (the connection it also reads is the transaction's).
func export() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Analytics' at this entry point}}
  defer { scope.end() }
  @Implicit var database = Database()
  transaction(scope) { scope in // expected-note@:3 {{'Analytics' is required by the call to 'transaction(_:)' here}} // expected-note@:22 {{'Analytics' is required by the closure created here}}
    @Implicit var connection: Connection
    @Implicit var analytics: Analytics // expected-note@:19 {{'Analytics' is read here}}
    connection.execute("select")
    analytics.track("export")
  }
}

// Broken: what the helper itself reads is still required at each call (the metrics here).
func warmUp() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Metrics' at this entry point}}
  defer { scope.end() }
  measure("warm-up", scope) { scope in // expected-note@:3 {{'Metrics' is required by the call to 'measure(_:_:)' here}}
    @Implicit var clock: Clock
    _ = clock.now
  }
}
