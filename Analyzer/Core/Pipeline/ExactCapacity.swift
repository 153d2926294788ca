#if ImplicitsAnalysis
extension Array {
  /// The same elements in a buffer of their count. An array grown by appending keeps up
  /// to half of its buffer unused (capacity doubles); the per-file summaries are alive
  /// until the end of the check, so their arrays are made exact once a file is done.
  /// Left as it is when at most an eighth is unused (the allocator rounds sizes up, so
  /// even a fresh copy may have a few spare slots).
  func withExactCapacity() -> [Element] {
    guard capacity - count > Swift.max(1, count / 8) else { return self }
    return withUnsafeBufferPointer { Array($0) }
  }
}

extension FileSummary {
  /// Every array a per-file pass grew by appending, made exact (`withExactCapacity`).
  /// About a fifth of the heap at the peak of a check was unused capacity of these.
  mutating func trimCapacity() {
    for index in nodes.indices { nodes[index].effects = nodes[index].effects.withExactCapacity() }
    nodes = nodes.withExactCapacity()
    declarations.functions = declarations.functions.withExactCapacity()
    declarations.types = declarations.types.withExactCapacity()
    bagSites = bagSites.withExactCapacity()
    bagPasses = bagPasses.withExactCapacity()
    contributions = contributions.withExactCapacity()
    entries = entries.withExactCapacity()
    restores = restores.withExactCapacity()
    diagnostics = diagnostics.withExactCapacity()
  }
}
#endif
