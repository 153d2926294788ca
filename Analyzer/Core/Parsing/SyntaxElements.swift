#if ImplicitsAnalysis
import SwiftSyntax

extension SyntaxCollection {
  /// The collection's elements in order, read through its children.
  ///
  /// Why not `for element in collection`: swift-syntax's `SyntaxCollectionIterator` is
  /// generic and not inlinable, so each element it yields looks up `Optional<Element>`
  /// metadata at run time (a locked global cache, ~680 instructions per element, about 5 %
  /// of a whole analyzer run). The passes use this on the collections they read for every
  /// declaration, call and argument.
  var elements: SyntaxElements<Self> { SyntaxElements(self) }
}

extension Optional where Wrapped: SyntaxCollection {
  /// The elements of the collection, none if there is none. Why not `collection ?? []`:
  /// that literal builds a new syntax tree each time it is evaluated.
  var elements: SyntaxElements<Wrapped> { SyntaxElements(self) }
}

/// The elements of a syntax collection (see `SyntaxCollection.elements`).
struct SyntaxElements<Collection: SyntaxCollection>: Sequence, IteratorProtocol {
  private var children: SyntaxChildren.Iterator?

  init(_ collection: Collection?) {
    children = collection?.children(viewMode: .all).makeIterator()
  }

  mutating func next() -> Collection.Element? {
    // A collection's children are all of its element type; `init?` only checks the kind.
    while let child = children?.next() {
      if let element = Collection.Element(child) { return element }
    }
    return nil
  }
}
#endif
