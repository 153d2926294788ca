#if ImplicitsAnalysis
extension Array {
  /// `Array(unsafeUninitializedCapacity:initializingWith:)`, but `[]` for a count of zero,
  /// without calling `body`. Given zero, the standard initializer still stores the count
  /// into the one empty-array object every empty array shares: two threads doing so at once
  /// is a data race ThreadSanitizer reports (session 29: `CacheReader.readWords` on an empty
  /// list, read on two threads). Every reader that sizes an array from file contents goes
  /// through here, so none needs its own guard.
  @inline(__always)
  init(
    uninitializedCount count: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
  ) rethrows {
    guard count > 0 else {
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: count, initializingWith: body)
  }
}
#endif
