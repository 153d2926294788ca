import Testing

@_spi(Unsafe) @testable import Implicits

// Keys with defaults, written the way the analysis plugin generates their accessors
// (this target runs without the plugin; DefaultsMacroTests covers `@NamedImplicitKey`).
extension ImplicitsKeys {
  static let retries = Key<Int>(default: 3)
  enum _retries_Tag: _ImplicitsDefaultTag {
    static var _implicitsDefault: Any? { ImplicitsKeys.retries._defaultValue }
  }
  var retries: ImplicitKey<Int, _retries_Tag>.Type { ImplicitKey<Int, _retries_Tag>.self }

  var timeout: TimeoutKey.Type { TimeoutKey.self }
}

/// The hand-written form of a key with a default.
enum TimeoutKey: DefaultImplicitKey {
  typealias Value = Double
  static var defaultValue: Double { 30 }
}

/// A type key with a default by conformance.
struct Clock: DefaultImplicit, Equatable {
  var name: String
  static var defaultImplicit: Clock { Clock(name: "system") }
}

/// Reads the three defaulted keys from wherever it is called.
private func readDefaulted() -> (retries: Int, timeout: Double, clock: String) {
  @Implicit(\.retries) var retries: Int
  @Implicit(\.timeout) var timeout: Double
  @Implicit var clock: Clock
  return (retries, timeout, clock.name)
}

/// A default that counts how often it is evaluated.
final class SharedDefault: DefaultImplicit, Sendable {
  static let evaluations = RunCount()
  static var defaultImplicit: SharedDefault {
    evaluations.increment()
    return SharedDefault()
  }
}

private func readSharedDefault() -> SharedDefault {
  @Implicit var shared: SharedDefault
  return shared
}

@Suite struct DefaultsTests {
  @Test func anUndeclaredKeyReadsItsDefaultOnAThreadOutsideAnyScope() {
    let read = onThread { readDefaulted() }
    #expect(read == (3, 30, "system"))
  }

  @Test func aDeclarationShadowsTheDefaultAndEndRestoresIt() {
    onThread {
      let scope = ImplicitScope()
      @Implicit(\.retries) var retries = 5
      @Implicit var clock = Clock(name: "test")
      #expect(readDefaulted() == (5, 30, "test"))
      let inner = scope.nested()
      @Implicit(\.timeout) var timeout = 1.5
      #expect(readDefaulted() == (5, 1.5, "test"))
      inner.end()
      #expect(readDefaulted() == (5, 30, "test"))
      scope.end()
      #expect(readDefaulted() == (3, 30, "system"))
    }
  }

  @Test func tasksAndChildTasksReadTheDefault() async {
    #expect(readDefaulted() == (3, 30, "system"))
    await withScope { _ in
      @Implicit(\.timeout) var timeout = 2.0
      async let child = readDefaulted()
      let fromGroup = await withTaskGroup(of: Int.self) { group in
        group.addTask { readDefaulted().retries }
        return await group.next()!
      }
      let detached = await Task.detached { readDefaulted() }.value
      #expect(await child == (3, 2, "system"))
      #expect(fromGroup == 3)
      #expect(detached == (3, 30, "system"))
    }
  }

  @Test func storedPropertiesReadTheDefaultAtInit() {
    final class Downloader {
      @Implicit(\.retries) var retries: Int
      @Implicit var clock: Clock
      init(_ scope: ImplicitScope) {}
    }
    let downloader = withScope { Downloader($0) }
    #expect(downloader.retries == 3)
    #expect(downloader.clock.name == "system")
  }

  @Test func aBagDoesNotCaptureAnUndeclaredDefault() {
    onThread {
      let bag = withScope { _ in
        Implicits(unsafeKeys: Implicits.getRawKey(\.retries), Implicits.getRawKey(Clock.self))
      }
      #expect(bag.count == 0)
      withScope { _ in
        @Implicit(\.retries) var retries = 9
        withScope(with: bag) { _ in
          // The bag hides the outer declaration; the key is undeclared again.
          #expect(readDefaulted().retries == 3)
        }
        #expect(readDefaulted().retries == 9)
      }
    }
  }

  @Test func anOptionalReadSeesTheDefault() {
    onThread {
      #expect(ImplicitScope.read(\.retries) == 3)
      #expect(ImplicitScope.read(Clock.self) == Clock(name: "system"))
      #expect(ImplicitScope.read(\.discount) == nil)
    }
  }

  @Test func theMarkerCarriesTheDefault() {
    #expect(ImplicitsKeys.retries._defaultValue as? Int == 3)
    #expect(ImplicitsKeys.Key<Int>()._defaultValue == nil)
  }

  @Test func aDefaultIsEvaluatedOnceAndSharedByEveryThreadAndTask() async {
    let fromThreads = (0..<4).map { _ in onThread { ObjectIdentifier(readSharedDefault()) } }
    let fromTasks = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(readSharedDefault()) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(fromThreads + fromTasks).count == 1)
    #expect(SharedDefault.evaluations.value == 1)
  }
}

#if ImplicitsMacros
extension ImplicitsKeys {
  @NamedImplicitKey static let pageSize = Key<Int>(default: 20)
}

@Suite struct DefaultsMacroTests {
  @Test func aMacroKeyCarriesItsDefaultToTheRuntime() {
    onThread {
      @Implicit(\.pageSize) var undeclared: Int
      #expect(undeclared == 20)
      withScope { _ in
        @Implicit(\.pageSize) var pageSize = 50
        @Implicit(\.pageSize) var declared: Int
        #expect(declared == 50)
      }
    }
  }
}
#endif
