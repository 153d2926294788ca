import ImplicitsCSupport
import ImplicitsCSupport.Testing
import Testing

@_spi(Unsafe) @testable import Implicits

// Distinct key types built at run time: a path of bits becomes `B1<B0<B1<End>>>`.
enum End {}
enum B0<T> {}
enum B1<T> {}

/// Calls `body` with the key type `Tag` that encodes `bits` (lowest `count` bits).
func withKeyType<R>(bits: Int, count: Int, _ body: (any Any.Type) -> R) -> R {
  func step<T>(_: T.Type, _ remaining: Int) -> R {
    if remaining == 0 { return body(ImplicitKey<Int, T>.self) }
    return (bits >> (remaining - 1)) & 1 == 0
      ? step(B0<T>.self, remaining - 1) : step(B1<T>.self, remaining - 1)
  }
  return step(End.self, count)
}

func declare(_ value: Int, under keyType: any Any.Type) {
  _Runtime.declare(value, key: _Payload.typeIdentity(keyType), keyName: "many", file: #fileID, line: #line)
}

func read(_ keyType: any Any.Type) -> Int? {
  _Runtime.lookup(_Payload.typeIdentity(keyType), as: Int.self)
}

/// `count` generated key types, each declared with its index as value, and a bag that
/// captured them all (in order) after the declaring scope ended.
func bagOfGeneratedKeys(_ count: Int) -> (keys: [any Any.Type], bag: Implicits) {
  let keys = (0..<count).map { index in withKeyType(bits: index, count: 9) { $0 } }
  let bag = withScope { _ in
    for (index, key) in keys.enumerated() { declare(index, under: key) }
    return Implicits(unsafeKeys: keys.map { ImplicitKeyIdentifier(_Payload.typeIdentity($0)) })
  }
  return (keys, bag)
}

@Suite struct ManyKeysTests {
  @Test func tenThousandKeysInOneScope() {
    let count = 10_000
    let ok = onThread { () -> Bool in
      let keys = (0..<count).map { index in withKeyType(bits: index, count: 14) { $0 } }
      let scope = ImplicitScope()
      for (index, key) in keys.enumerated() { declare(index, under: key) }
      let invariants = ims_check_invariants(ims_thread_context()) == nil
      let probe = ims_max_probe_length(ims_thread_context())
      let capacity = ims_table_capacity(ims_thread_context())
      var allFound = true
      for (index, key) in keys.enumerated() where read(key) != index { allFound = false }
      let dumped = ImplicitScope.dumpCurrent().count
      scope.end()
      return invariants && allFound && dumped == count && probe < 64 && capacity >= 2 * UInt32(count)
        && read(keys[0]) == nil && threadContextIsEmpty
    }
    #expect(ok)
  }

  @Test func tenThousandKeysInATask() {
    let keys = (0..<10_000).map { index in withKeyType(bits: index, count: 14) { $0 } }
    withScope { _ in
      for (index, key) in keys.enumerated() { declare(index, under: key) }
      #expect(keys.enumerated().allSatisfy { read($1) == $0 })
    }
    #expect(read(keys[9_999]) == nil)
  }
}
