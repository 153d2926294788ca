import ImplicitsCSupport

/// Messages for the mistakes the runtime can detect. Each says what happened, where, and
/// how to fix it; all of them stop the program, as continuing would read wrong values.
@usableFromInline
enum _Diagnostics {
  @usableFromInline
  static func missing(
    _ key: String, identity: UnsafeRawPointer? = nil, file: StaticString, line: UInt
  ) -> Never {
    let hint = identity.flatMap { taggedKeyHint($0) ?? handWrittenKeyHint($0) }
      ?? declarationHint(key)
    fail(
      """
      no implicit value for key '\(key)' at \(file):\(line).
      Declare it in a scope that encloses this read, e.g. \(hint) \
      after `let scope = ImplicitScope()`, or restore a bag that captured it with \
      `ImplicitScope(with: bag)`. Running the ImplicitsAnalysisPlugin finds such paths at build time.
      """)
  }

  /// A generated tag forwarded to a declaration of another value type (a stale support file).
  static func defaultOfWrongType(_ key: String, found: Any.Type, expected: Any.Type) -> Never {
    fail(
      """
      the default of key '\(key)' is a \(found), but the key's values are \(expected).
      The generated accessor of the key is out of date: rebuild the module.
      """)
  }

  /// For an `ImplicitKey<Value, Tag>` named by its tag: the declaration that spells the
  /// key type (the tag's name is not a type of values, nor a key path).
  static func taggedKeyHint(_ identity: UnsafeRawPointer) -> String? {
    let type = unsafeBitCast(identity, to: Any.Type.self)
    guard let named = type as? any _ImplicitKeyNaming.Type,
      named._implicitsKeyName.contains(".")
    else { return nil }
    return "`@Implicit(\(String(reflecting: type)).self) var value = …`"
  }

  /// For a key type written by hand (`enum RequestIDKey: ImplicitKeyType`): its key path is
  /// the name of the `ImplicitsKeys` accessor returning it, which the type does not know, so
  /// the hint points at that accessor rather than spell a key path from the type's name.
  static func handWrittenKeyHint(_ identity: UnsafeRawPointer) -> String? {
    let type = unsafeBitCast(identity, to: Any.Type.self)
    guard type is any ImplicitKeyType.Type, !(type is any _ImplicitKeyNaming.Type) else { return nil }
    return "an `@Implicit` declaration with the key path of the `ImplicitsKeys` accessor "
      + "that returns `\(String(describing: type)).self`,"
  }

  /// A declaration of the key as a fix would write it, named as the analyzer's fix names
  /// it: `@Implicit var wallet = MyApp.Wallet(…)` for a type key,
  /// `@Implicit var payments: any MyApp.Payments = …` for a protocol (which has no
  /// initializer to call), `@Implicit(\.discount) var discount = …` for a named key.
  static func declarationHint(_ key: String) -> String {
    // Type keys are spelled with their module (`MyApp.Wallet`), named keys are identifiers.
    guard key.contains(".") || key.contains("<") else { return "`@Implicit(\\.\(key)) var \(key) = …`" }
    let type = key.split(separator: "<").first.map(String.init) ?? key
    let last = type.split(separator: ".").last.map(String.init) ?? type
    let name = last.isEmpty ? "value" : variableName(for: last)
    // An existential's name says `any` (`_KeyNames.typeName`); it has no initializer to call.
    if key.hasPrefix("any ") { return "`@Implicit var \(name): \(key) = …`" }
    return "`@Implicit var \(name) = \(key)(…)`"
  }

  @usableFromInline
  static func declaredOutsideScope(_ key: String, inTask: Bool, file: StaticString, line: UInt) -> Never {
    fail(
      """
      implicit '\(key)' declared at \(file):\(line) outside any scope\(inTask ? " of the current task" : "").
      Create one first: `let scope = ImplicitScope(); defer { scope.end() }`\
      \(inTask ? " (scopes of a parent task are read-only in child tasks)" : "").
      """)
  }

  static func endedOutOfOrder(
    innermostFile: UnsafePointer<CChar>?, line innermostLine: UInt32, file: StaticString, line: UInt
  ) -> Never {
    let site = innermostFile.map { "\(String(cString: $0)):\(innermostLine)" }
    fail(
      """
      scope ended out of order at \(file):\(line): an inner scope\
      \(site.map { " created at \($0)" } ?? "") is still open.
      End inner scopes first (`defer { scope.end() }` right after creating each keeps the order).
      """)
  }

  static func endedTwice(file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended twice at \(file):\(line): it is no longer open.
      Call end() exactly once per scope, e.g. with `defer { scope.end() }`.
      """)
  }

  static func endedElsewhere(createdInTask: Bool, file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended at \(file):\(line) on another \(createdInTask ? "task" : "thread") than the one that created it.
      A scope belongs to the \(createdInTask ? "task" : "thread") that created it; end it there, \
      and hand values to other \(createdInTask ? "tasks" : "threads") in a bag (`Implicits`).
      """)
  }

  static func taskScopeNotOpen(file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended twice at \(file):\(line): it is no longer open in this task.
      Call end() exactly once per scope, e.g. with `defer { scope.end() }`.
      """)
  }

  static func endedWhileChildWorkRuns(file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended at \(file):\(line) while something started inside it is still running: \
      an async function called after the scope was created (end() runs inside it), a task \
      group or `async let`, or a `TaskLocal.withValue` around this end().
      A task's scopes must end in the function that created them, after the work started \
      in them: `defer { scope.end() }` right after creating the scope, or `withScope { }`.
      """)
  }

  static func endedAfterCreatorReturned(
    createdFile: UnsafePointer<CChar>?, line createdLine: UInt32, file: StaticString, line: UInt
  ) -> Never {
    let site = createdFile.map { " created at \(String(cString: $0)):\(createdLine)" } ?? ""
    fail(
      """
      scope\(site) was ended at \(file):\(line) after the async function that created it had \
      returned: that function left it open.
      A task's scope must end in the function that created it: `defer { scope.end() }` right \
      after creating it, or `withScope { }`. To give a caller values, return them or a bag \
      (`Implicits`), not an open scope.
      """)
  }

  /// Only where bindings go through the runtime's entry points: on the verified layout the
  /// frame is kept for the child (`_KeptFrames`).
  static func endedWhileAsyncLetRunsOnEntryPoints(file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended at \(file):\(line) while the child task of an `async let` started inside it \
      is still running: the child reads the scope's values, and here Implicits binds scopes \
      through the Swift runtime's task-local entry points (IMPLICITS_TASK_LAYOUT=runtime, or a \
      runtime whose task layout it does not know), where ending the scope frees what the child \
      reads.
      End the scope after the `async let` is done: await it (or every `async let` of the \
      scope) before `end()`, or write `defer { scope.end() }` before the `async let` (Swift \
      awaits an `async let` when its block ends, before that `defer` runs).
      """)
  }

  static func endedWithUnknownTaskRecord(kind: UInt, file: StaticString, line: UInt) -> Never {
    fail(
      """
      scope ended at \(file):\(line), but since the scope was created the task gained a status \
      record of a kind this version of Implicits does not know (\(kind)), so it cannot tell \
      whether a child task still reads the scope's values; it stops rather than guess.
      Please report this with your Swift version. Meanwhile `IMPLICITS_TASK_LAYOUT=runtime` \
      in the environment makes Implicits use only the Swift runtime's entry points.
      """)
  }

  static func nestedOnEndedScope(file: StaticString, line: UInt) -> Never {
    fail(
      """
      nested() called at \(file):\(line) on a scope that has already ended.
      Nest inside a scope while it is open.
      """)
  }

  /// Writes the message to standard error, then stops. Writing it ourselves keeps the whole
  /// text visible where a crash reporter shortens `fatalError` messages; `fatalError` then
  /// gets only a pointer to it, so the message is printed once.
  @usableFromInline
  static func fail(_ message: String) -> Never {
    ims_write_stderr("Implicits: \(message)\n")
    fatalError("Implicits stopped the program: see the message above")
  }
}
