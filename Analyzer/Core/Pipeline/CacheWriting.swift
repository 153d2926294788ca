#if ImplicitsAnalysis
/// `CacheWriter`'s primitives, so that a value encodes one way into a `CacheWriter` or into
/// a writer of the same bytes made for one file (`GraphFile.PartWriter`, the graph file's
/// parts, index and frame headers, rewritten on every cached run).
protocol CacheWriting {
  mutating func write(_ value: Int)
  mutating func write(_ value: Bool)
  mutating func write(_ value: String)
  mutating func write(tag: UInt8)
}

extension CacheWriter: CacheWriting {}

extension CacheWriting {
  /// As `CacheWriter` writes an `Optional` (`false`, or `true` and the value).
  mutating func write(optional value: String?) {
    write(value != nil)
    if let value { write(value) }
  }

  /// As `CacheWriter` writes an array: its count, then each element.
  mutating func write(strings: [String]) {
    write(strings.count)
    for string in strings { write(string) }
  }
}
#endif
