import Implicits
import Storage

func launch() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(.lazy) var database = Database.open()
  @Implicit var migrator = makeMigrator(for: database)
  @Implicit var options = Database.options()
  migrate(scope)
  configure(scope)
}

func launchAt(path: String) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Storage.Database.open(path: path)
  @Implicit var migrator = makeMigrator(for: database)
  migrate(scope)
}

func launchWithCache() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = Cache.make(1) // expected-error@:17 [key-not-inferable] {{cannot infer the key of implicit 'cache'}}
  @Implicit var database = Database.open()
  // Below a declaration whose key is unknown nothing more is reported (the build fails at
  // that declaration; once it is fixed, the missing migrator is).
  migrate(scope)
}

func launchWithoutMigrator() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Migrator' at this entry point}}
  defer { scope.end() }
  @Implicit var database = Database.open()
  migrate(scope) // expected-note@:3 {{'Migrator' is required by the call to 'migrate(_:)'}}
  // expected-note@-1:3 {{'Migrator' is read in 'migrate(_:)' at cross-module-typed-names/1-Storage/Storage.swift:18:17}}
}
