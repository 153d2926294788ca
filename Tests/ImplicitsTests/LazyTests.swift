import Foundation
import Testing

@_spi(Unsafe) @testable import Implicits

/// A resource that counts how often it is opened and notices when it is released.
final class Database: Sendable {
  static let opened = RunCount()
  let name: String

  init(_ name: String) {
    self.name = name
    Database.opened.increment()
  }

  /// Opens slowly, so that readers arriving at the same time overlap.
  static func openSlowly(_ name: String, counting count: RunCount) -> Database {
    count.increment()
    Thread.sleep(forTimeInterval: 0.02)
    return Database(name)
  }
}

private func readDatabase() -> Database {
  @Implicit var database: Database
  return database
}

@Suite struct LazyTests {
  @Test func aDeclarationNeverReadNeverRunsItsInitializer() {
    let runs = RunCount()
    onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database.openSlowly("never", counting: runs)
      }
    }
    #expect(runs.value == 0)
  }

  @Test func theFirstReadFromAnyFunctionRunsItOnceAndLaterReadsShareTheValue() {
    let runs = RunCount()
    onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database.openSlowly("main", counting: runs)
        #expect(runs.value == 0)
        let first = readDatabase()
        let second = readDatabase()
        #expect(first === second)
        #expect(first.name == "main")
        // The declaring function reads the same value through its own variable.
        #expect(database === first)
      }
    }
    #expect(runs.value == 1)
  }

  @Test func eightTasksReadingFirstAtOnceRunItExactlyOnce() async {
    let runs = RunCount()
    let identities = await withScope { _ in
      @Implicit(.lazy) var database = Database.openSlowly("shared", counting: runs)
      return await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<8 { group.addTask { ObjectIdentifier(readDatabase()) } }
        return await group.reduce(into: Set()) { $0.insert($1) }
      }
    }
    #expect(runs.value == 1)
    #expect(identities.count == 1)
  }

  @Test func eightThreadsRestoringOneBagRunItExactlyOnce() {
    let runs = RunCount()
    let bag = onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database.openSlowly("bagged", counting: runs)
        return Implicits.captureAll()
      }
    }
    #expect(runs.value == 0)
    let identities = ResultBox<[ObjectIdentifier]>()
    identities.value = []
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let identity = withScope(with: bag) { _ in ObjectIdentifier(readDatabase()) }
      lock.withLock { identities.value!.append(identity) }
    }
    #expect(runs.value == 1)
    #expect(Set(identities.value!).count == 1)
  }

  @Test func endReleasesTheValueAndAnUnreadInitializer() {
    final class Captured: Sendable {}
    let value = WeakReference<Database>()
    let captured = WeakReference<Captured>()
    onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database("released")
        value.value = readDatabase()
        #expect(value.value != nil)
      }
      withScope { _ in
        let object = Captured()
        captured.value = object
        @Implicit(.lazy) var database = Database(String(describing: object))
      }
    }
    #expect(value.value == nil)
    #expect(captured.value == nil)
  }

  @Test func namedKeysAndWordValuesCanBeLazy() {
    let runs = RunCount()
    onThread {
      withScope { _ in
        @Implicit(\.discount, .lazy) var discount = { runs.increment(); return 0.25 }()
        @Implicit(\.discount) var read: Double
        @Implicit(\.discount) var again: Double
        #expect(read == 0.25 && again == 0.25)
      }
    }
    #expect(runs.value == 1)
  }

  @Test func aLazyDeclarationShadowsAndEndRestores() {
    onThread {
      let scope = ImplicitScope()
      @Implicit var database = Database("outer")
      let inner = scope.nested()
      @Implicit(.lazy) var lazy = Database("inner")
      #expect(readDatabase().name == "inner")
      inner.end()
      #expect(readDatabase().name == "outer")
      scope.end()
    }
  }

  @Test func aLazyValueReadBeforeAndAfterAShadowingScopeIsTheSameInstance() {
    let runs = RunCount()
    onThread {
      let scope = ImplicitScope()
      @Implicit(.lazy) var database = Database.openSlowly("outer", counting: runs)
      let first = readDatabase()
      let inner = scope.nested()
      @Implicit var shadow = Database("inner")
      #expect(readDatabase().name == "inner")
      inner.end()
      // The outer binding is lazy again in the table; reading it must not run it twice
      // nor return anything but the instance the first read made.
      #expect(readDatabase() === first)
      #expect(readDatabase() === first)
      let again = scope.nested()
      @Implicit(.lazy) var lazyShadow = Database("lazy inner")
      #expect(readDatabase().name == "lazy inner")
      again.end()
      #expect(readDatabase() === first)
      scope.end()
    }
    #expect(runs.value == 1)
  }

  @Test func aResolvedLazyDeclarationReplacedInItsFrameReadsTheNewValue() {
    onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database("lazy")
        #expect(readDatabase().name == "lazy")
        database = Database("replacement")
        #expect(readDatabase().name == "replacement")
        #expect(readDatabase().name == "replacement")
      }
    }
  }

  @Test func aLazyValueInABagIsResolvedOnRestoreAndStaysShared() {
    let bag = onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database("bagged once")
        return Implicits.captureAll()
      }
    }
    let (first, second) = onThread {
      withScope(with: bag) { _ in (readDatabase(), readDatabase()) }
    }
    let third = onThread { withScope(with: bag) { _ in readDatabase() } }
    #expect(first === second && second === third)
  }

  @Test func aWordValueThatLooksTaggedIsReadAsItself() {
    // The top 16 bits of a lazy payload; an ordinary value may have them too.
    let lookalike = Int(bitPattern: 0x7FF5_0000_0000_1230)
    onThread {
      withScope { _ in
        @Implicit var value = lookalike
        @Implicit var read: Int
        #expect(read == lookalike)
      }
    }
  }

  @Test func aDumpDoesNotRunTheInitializer() {
    let runs = RunCount()
    onThread {
      withScope { _ in
        @Implicit(.lazy) var database = Database.openSlowly("dumped", counting: runs)
        let before = ImplicitScope.dumpCurrent().entries.first { $0.key.hasSuffix("Database") }
        #expect("\(before!.value)" == "<lazy, not evaluated yet>")
        _ = readDatabase()
        let after = ImplicitScope.dumpCurrent().entries.first { $0.key.hasSuffix("Database") }
        #expect((after!.value as? Database)?.name == "dumped")
      }
    }
    #expect(runs.value == 1)
  }

  @Test func anInitializerReadingItsOwnKeyStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withScope { _ in
        @Implicit(.lazy) var database = Database(readDatabase().name)
        _ = readDatabase()
      }
    }
    let text = standardError(of: result)
    #expect(text.contains("reads 'ImplicitsTests.Database' itself"))
  }
}
