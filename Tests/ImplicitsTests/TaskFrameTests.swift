import Testing

@testable import Implicits

/// The task frame's own value witnesses and the direct bind: a nested frame borrows its
/// enclosing frame's sealed values, so a copy made for a `Task {}` must hold them itself;
/// a frame opened inside a task group's body reaches the group's children as the
/// runtime's own bindings do.
@Suite struct TaskFrameTests {
  @Test func aTaskCreatedInANestedScopeKeepsTheEnclosingValuesAfterBothScopesEnd() async {
    weak var weakLogger: Logger?
    let go = Event()
    // In a function of its own: the wrappers of the declarations hold their values too.
    func start() -> Task<(String?, Int?), Never> {
      let outer = ImplicitScope()
      let logger = Logger("outer")
      weakLogger = logger
      @Implicit var declared = logger
      let inner = outer.nested()
      @Implicit var wallet = Wallet(balance: 3)
      let child = Task { () -> (String?, Int?) in
        await go.wait()
        return (ImplicitScope.read(Logger.self)?.name, ImplicitScope.read(Wallet.self)?.balance)
      }
      inner.end()
      outer.end()
      return child
    }
    let child = start()
    #expect(weakLogger != nil, "the child's copy holds the enclosing frame's values")
    await go.signal()
    let (name, balance) = await child.value
    #expect(name == "outer")
    #expect(balance == 3)
    for _ in 0..<100 where weakLogger != nil { try? await Task.sleep(nanoseconds: 1_000_000) }
    #expect(weakLogger == nil)
  }

  @Test func aScopeNestedInAGroupBodyIsCopiedIntoTheGroupsChildren() async {
    weak var weakLogger: Logger?
    let go = Event()
    await withScope { scope in
      await withTaskGroup(of: String?.self) { group in
        let inGroup = scope.nested()
        @Implicit var wallet = Wallet(balance: 5)
        let inner = inGroup.nested()
        let logger = Logger("inner")
        weakLogger = logger
        @Implicit var declared = logger
        group.addTask {
          await go.wait()
          return ImplicitScope.read(Logger.self)?.name
        }
        inner.end()
        inGroup.end()
        _ = consume logger
        #expect(weakLogger != nil, "the group child holds a copy of the frame")
        await go.signal()
        #expect(await group.next() == "inner")
      }
    }
  }
}
