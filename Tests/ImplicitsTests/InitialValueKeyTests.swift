import Testing

@testable import Implicits

/// A connection that may fail to open, as an app's database layer has.
private final class LocalDatabase: Sendable {
  let name: String
  init(name: String) { self.name = name }
  static func open(_ name: String) throws -> LocalDatabase { LocalDatabase(name: name) }
}

/// A view model that keeps what it opened in stored properties and re-declares them as
/// implicits: `try?` keeps a `LocalDatabase?`, `try!` a `LocalDatabase`.
private final class NotesModel {
  let database = try? LocalDatabase.open("notes")
  let required = try! LocalDatabase.open("required")

  func withDatabase<R>(_ body: () -> R) -> R {
    withScope { _ in
      @Implicit var database = database
      return body()
    }
  }

  func withRequired<R>(_ body: () -> R) -> R {
    withScope { _ in
      @Implicit var database = self.required
      return body()
    }
  }
}

/// The key of `@Implicit var x = value` is the static type of `value`, wrapping included:
/// the analyzer's `KeyResolver` takes the same key from a stored property's initial value
/// (issue 18 item 8; fixture `app-stored-property-optional-keys`).
@Suite struct InitialValueKeyTests {
  @Test func tryOptionalDeclaresTheOptionalType() {
    NotesModel().withDatabase {
      #expect(ImplicitScope.read(LocalDatabase?.self)??.name == "notes")
      #expect(ImplicitScope.read(LocalDatabase.self) == nil)
    }
  }

  @Test func tryForcedDeclaresTheUnwrappedType() {
    NotesModel().withRequired {
      #expect(ImplicitScope.read(LocalDatabase.self)?.name == "required")
      #expect(ImplicitScope.read(LocalDatabase?.self) == nil)
    }
  }
}
