import Synchronization

@testable import Implicits

/// The keys the async fuzz declares and reads, one of each payload kind twice: a trivial
/// word (stored as its bits), a wider struct (boxed) and a class instance (a reference the
/// frames retain and release, counted so that the run can check nothing leaks).
enum FuzzKeys {
  static let count = 6

  /// Declares value `id` under key `key` in the innermost scope of the current task or thread.
  static func declare(_ key: Int, _ id: Int) {
    switch key {
    case 0: declare(Word<Tag0>(id: id))
    case 1: declare(Word<Tag1>(id: id))
    case 2: declare(Wide<Tag2>(id: id))
    case 3: declare(Wide<Tag3>(id: id))
    case 4: declare(Instance<Tag4>(id: id))
    default: declare(Instance<Tag5>(id: id))
    }
  }

  /// The id of the value visible under `key`, or nil.
  static func read(_ key: Int) -> Int? {
    switch key {
    case 0: ImplicitScope.read(Word<Tag0>.self)?.id
    case 1: ImplicitScope.read(Word<Tag1>.self)?.id
    case 2: ImplicitScope.read(Wide<Tag2>.self)?.id
    case 3: ImplicitScope.read(Wide<Tag3>.self)?.id
    case 4: ImplicitScope.read(Instance<Tag4>.self)?.id
    default: ImplicitScope.read(Instance<Tag5>.self)?.id
    }
  }

  private static func declare<Value>(_ value: Value) {
    @Implicit var declared = value
  }

  /// Instances alive now: 0 once every frame, copy and bag holding one is gone.
  static var liveInstances: Int { instances.load(ordering: .relaxed) }
  fileprivate static let instances = Atomic<Int>(0)

  enum Tag0 {}
  enum Tag1 {}
  enum Tag2 {}
  enum Tag3 {}
  enum Tag4 {}
  enum Tag5 {}

  struct Word<Tag>: Sendable { let id: Int }
  struct Wide<Tag>: Sendable {
    let id: Int
    var padding: (Int, Int) = (0, 0)
  }
  final class Instance<Tag>: Sendable {
    let id: Int
    init(id: Int) {
      self.id = id
      FuzzKeys.instances.add(1, ordering: .relaxed)
    }
    deinit { FuzzKeys.instances.subtract(1, ordering: .relaxed) }
  }
}
