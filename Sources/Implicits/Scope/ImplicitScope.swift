import ImplicitsCSupport

/// A lexical region that owns implicit values.
///
/// Create a scope, declare values with ``Implicit``, pass the scope down, and end it:
/// ```swift
/// let scope = ImplicitScope()
/// defer { scope.end() }
/// @Implicit var wallet = Wallet(balance: 500)
/// goShopping(scope)
/// ```
/// Functions that only pass implicits along take an `ImplicitScope` parameter; that
/// parameter is how the build-time analyzer follows requirements through calls.
///
/// A scope belongs to the thread (or task) that created it and must be ended there, in
/// reverse order of creation. Misuse — ending twice, out of order, or elsewhere — stops
/// the program with a message naming the mistake.
public struct ImplicitScope: Sendable {
  @usableFromInline let _serial: UInt64
  /// The creating task's identity (`_SwiftTask.identity`: its id, never another task's,
  /// unlike its address), or 0 for a thread outside any task.
  @usableFromInline let _owner: UInt64

  @usableFromInline
  init(_serial: UInt64, owner: UInt64) {
    self._serial = _serial
    self._owner = owner
  }

  /// Opens a scope.
  ///
  /// Without a bag, the new scope is a frame on top of the current context: values of
  /// enclosing scopes stay visible. With a bag, the visible context becomes exactly the
  /// bag's values (outer values are hidden) until ``end(file:line:)``.
  ///
  /// Complexity: O(1) without a bag. With a bag of *k* values: O(*k*) the first time the
  /// bag is restored on a thread; O(1) each time after (the bag keeps a key table of its
  /// own, built by its second restore, which the scope reads until something is declared in
  /// it, when the values are copied in: O(*k*) once). In a task: O(1) after the first.
  @inlinable
  public init(with bag: Implicits? = nil, file: StaticString = #fileID, line: UInt = #line) {
    // No `if let`: binding the bag would copy it (a retain and a release per restore).
    if bag == nil {
      self = _Runtime.pushFrame(barrier: false, file: file, line: line)
    } else {
      self = _Runtime.pushRestoring(bag, file: file, line: line)
    }
  }

  /// Opens a child scope: its declarations shadow outer ones and vanish at its `end()`.
  ///
  /// Complexity: O(1).
  @inlinable
  public func nested(file: StaticString = #fileID, line: UInt = #line) -> ImplicitScope {
    if _owner == 0, _fastPath(ims_frame_is_top(ims_thread_current(), _serial)),
      _fastPath(!ims_thread_runs_tasks())
    {
      // A child of the thread's innermost frame stays on the thread path: no task lookup.
      let serial = ims_frame_push(
        ims_thread_slot(), false, file._cString, UInt32(truncatingIfNeeded: line))
      return ImplicitScope(_serial: serial, owner: 0)
    }
    return _nestedSlow(file: file, line: line)
  }

  @usableFromInline
  func _nestedSlow(file: StaticString, line: UInt) -> ImplicitScope {
    guard let scope = _Runtime.nested(on: self, file: file, line: line) else {
      _Diagnostics.nestedOnEndedScope(file: file, line: line)
    }
    return scope
  }

  /// Ends the scope: undoes every declaration made since it was created and restores the
  /// values they shadowed. Values are released unless a bag still holds them.
  ///
  /// Complexity: O(*n*) for *n* declarations made in the scope.
  @inlinable
  public func end(file: StaticString = #fileID, line: UInt = #line) {
    _Runtime.endFrame(self, file: file, line: line)
  }
}
