import Implicits
import Server

/// Declares everything the routes read: accepted.
func serveDeclared() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var tenant = Tenant(name: "acme")
  @Implicit var log = AuditLog()
  return Server().serve(["/health", "/tenant", "/audit"], scope)
}

/// Forgets the tenant and the audit log that two of the routes read. The notes inside
/// Server say where: `serve` calls `handle` in a closure, `route` calls the stored route
/// closures through a value (the audit route calls `audit`), and the tenant route, written
/// in `Server.init()`, reads the tenant when it runs, not when `init` does.
func serveUndeclared() -> [String] {
  let scope = ImplicitScope()  // expected-error@:15 [unresolved-implicit] {{unresolved implicits 'AuditLog' and 'Tenant' at this entry point}}
  defer { scope.end() }
  // expected-note@+9:10 {{'AuditLog' and 'Tenant' are required by the call to 'serve(_:_:)' here}}
  // expected-note@+8:10 {{'AuditLog' is required by the call to 'handle(_:_:)' in a closure in 'Server.serve(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:57:17}}
  // expected-note@+7:10 {{'AuditLog' is required by the call to 'route(_:_:)' in 'Server.handle(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:61:5}}
  // expected-note@+6:10 {{'AuditLog' is required by the '(_, ImplicitScope)' closures that the call in 'Router.route(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:36:12 may run (one calls 'audit(_:_:)')}}
  // expected-note@+5:10 {{'AuditLog' is read in 'audit(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:66:17}}
  // expected-note@+4:10 {{'Tenant' is required by the call to 'handle(_:_:)' in a closure in 'Server.serve(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:57:17}}
  // expected-note@+3:10 {{'Tenant' is required by the call to 'route(_:_:)' in 'Server.handle(_:_:)' at cross-module-notes-through-closures/1-Server/Server.swift:61:5}}
  // expected-note@+2:10 {{'Tenant' is read in a closure in 'Server.init()' at cross-module-notes-through-closures/1-Server/Server.swift:47:21}}
  // (For 'Tenant' the read in the route closure is the step past 'route': a link keeps one step a function.)
  return Server().serve(["/health", "/tenant", "/audit"], scope)
}
