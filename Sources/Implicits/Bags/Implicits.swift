/// A bag of implicit values captured from a context, to be restored later — typically in
/// a closure that runs after the capturing scope has ended:
/// ```swift
/// let onTap = { [implicits = #implicits] in
///   let scope = ImplicitScope(with: implicits)
///   defer { scope.end() }
///   checkout(scope)
/// }
/// ```
/// A bag holds strong references to its values; copying it is O(1). Restoring it with
/// ``ImplicitScope/init(with:file:line:)`` makes its values — and only those — visible.
///
/// The bag itself is immutable and safe to send between tasks; the values it carries are
/// what they are (send bags of `Sendable` values across isolation domains).
public struct Implicits: @unchecked Sendable {
  @usableFromInline let _storage: _BagStorage?

  @usableFromInline
  init(_storage: _BagStorage?) { self._storage = _storage }

  /// An empty bag: restoring it hides every value.
  public init() { _storage = nil }

  /// Captures every value visible in the current context (what `#implicits` does when
  /// the analysis plugin is not in use).
  ///
  /// Complexity: O(*n*) in the number of visible values.
  public static func captureAll() -> Implicits {
    Implicits(capturing: _Runtime.visibleBindings())
  }

  init(capturing bindings: [_Binding]) {
    _storage = bindings.isEmpty ? nil : _BagStorage(retaining: bindings)
  }

  /// The number of values in the bag.
  public var count: Int { _storage?.bindings.count ?? 0 }

  /// The keys in the bag, sorted, as written in source (`MyApp.Wallet`, `darkMode`).
  public var keys: [String] { (_storage?.bindings ?? []).map { _KeyNames.name(of: $0.key) }.sorted() }

  /// Declares the bag's values in the innermost (just opened) scope.
  func _restore(file: StaticString, line: UInt) {
    for binding in _storage?.bindings ?? [] {
      _Payload.retain(binding.payload, flags: binding.flags)
      _Runtime.declareErased(
        binding.key, payload: binding.payload, flags: binding.flags, valueType: binding.valueType,
        file: binding.file, line: binding.line,
        keyName: _KeyNames.name(of: binding.key), fileForError: file, lineForError: line)
    }
  }
}

/// The immutable storage of a bag; owns one reference to each captured payload.
@usableFromInline
final class _BagStorage: @unchecked Sendable {
  let bindings: [_Binding]

  init(retaining bindings: [_Binding]) {
    self.bindings = bindings.map { binding in
      var owned = binding
      owned.flags &= ~_Payload.borrowedFlag
      owned.frame = nil
      _Payload.retain(owned.payload, flags: owned.flags)
      return owned
    }
  }

  deinit {
    for binding in bindings { _Payload.release(binding.payload, flags: binding.flags) }
  }
}
