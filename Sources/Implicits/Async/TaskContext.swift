import ImplicitsCSupport

/// Implicit values of code running in a task.
///
/// The context of a task must follow it across threads and be inherited by child tasks
/// exactly as it was when the child was created, so it is kept where Swift keeps
/// task-local values: every declaration and every frame pushes an immutable `_ChainNode`
/// as a task-local binding. A child task (`async let`, task group, `Task {}`) inherits the
/// chain and can never see what its parent does afterwards; `Task.detached` starts with
/// none. Chains are immutable and only ever read by other tasks, so no lock is needed.
///
/// For reads to stay O(1), the task that owns a chain also keeps a C context mirroring it
/// (`_TaskState.context`); a child that opens a scope builds its own, seeded once from the
/// chain it inherited. A child that only reads walks the inherited chain.
enum _TaskContext {
  static let top = TaskLocal<_ChainNode?>(wrappedValue: nil)

  private static var topKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(top).toOpaque()) }
  private static var nodeType: UnsafeRawPointer { _Payload.typeIdentity(_ChainNode?.self) }

  static func push(_ node: _ChainNode) {
    var value: UnsafeMutableRawPointer? = Unmanaged.passRetained(node).toOpaque()
    // The runtime takes the +1 reference out of `value`.
    withUnsafeMutablePointer(to: &value) { swift_task_localValuePush(topKey, $0, nodeType) }
  }

  /// The state of the current task's own chain, when it has an open scope.
  static func ownState(task: UnsafeMutableRawPointer) -> (top: _ChainNode, state: _TaskState)? {
    guard let node = top.get(), node.state.owner == task, node.state.context != nil else {
      return nil
    }
    return (node, node.state)
  }

  // MARK: Reads

  static func lookup(_ key: UnsafeRawPointer, task: UnsafeMutableRawPointer) -> _Binding? {
    guard let node = top.get() else { return nil }
    if node.state.owner == task, let context = node.state.context {
      let index = ims_lookup_record(context, key)
      return index == IMS_NONE ? nil : _Binding(record: ims_record_at(context, index)!.pointee)
    }
    var cursor: _ChainNode? = node
    while let current = cursor {
      switch current.kind {
      case .value where current.binding!.key == key: return current.binding
      case .barrier: return nil
      default: cursor = current.parent
      }
    }
    return nil
  }

  /// Visible bindings of an inherited chain, innermost first, one per key.
  static func chainBindings(from node: _ChainNode?) -> [_Binding] {
    var seen = Set<UnsafeRawPointer>()
    var result: [_Binding] = []
    var cursor = node
    while let current = cursor {
      if current.kind == .barrier { break }
      if let binding = current.binding, seen.insert(binding.key).inserted {
        result.append(binding)
      }
      cursor = current.parent
    }
    return result
  }

  static func visibleBindings(task: UnsafeMutableRawPointer) -> [_Binding] {
    if let (_, state) = ownState(task: task) { return _Runtime.bindings(in: state.context) }
    return chainBindings(from: top.get())
  }

  // MARK: Frames and declarations

  static func pushFrame(
    barrier: Bool, file: UnsafePointer<CChar>?, line: UInt32, task: UnsafeMutableRawPointer
  ) -> UInt64 {
    let inherited = top.get()
    let state: _TaskState
    var seed: [_Binding] = []
    if let own = ownState(task: task) {
      state = own.state
    } else {
      state = _TaskState(owner: task)
      if !barrier { seed = chainBindings(from: inherited) }
    }
    let serial = ims_frame_push(&state.context, barrier, file, line)
    for binding in seed {
      declareInContext(state.context!, binding)
    }
    push(_ChainNode(frame: serial, barrier: barrier, state: state, parent: inherited))
    return serial
  }

  /// Declares in the current task's innermost scope; false when the task has none.
  static func declare(_ binding: _Binding, task: UnsafeMutableRawPointer) -> Bool {
    guard let (node, state) = ownState(task: task) else { return false }
    declareInContext(state.context!, binding)
    push(_ChainNode(value: binding, state: state, parent: node))
    return true
  }

  private static func declareInContext(_ context: UnsafeMutablePointer<ims_context>, _ binding: _Binding) {
    var replaced: UInt = 0
    var replacedFlags: UInt32 = 0
    _ = ims_declare(
      context, binding.key, binding.payload, binding.flags | _Payload.borrowedFlag,
      binding.valueType, binding.file, binding.line, &replaced, &replacedFlags)
  }

  static func isOpen(_ scope: ImplicitScope) -> Bool {
    guard let task = swift_task_getCurrent(), UInt(bitPattern: task) == scope._owner,
      let (_, state) = ownState(task: task)
    else { return false }
    return ims_frame_find(state.context, scope._serial, nil) != IMS_FRAME_UNKNOWN
  }

  static func end(_ scope: ImplicitScope, file: StaticString, line: UInt) {
    guard let task = swift_task_getCurrent(), UInt(bitPattern: task) == scope._owner else {
      _Diagnostics.endedElsewhere(createdInTask: true, file: file, line: line)
    }
    guard let (node, state) = ownState(task: task) else {
      _Diagnostics.endedTwice(file: file, line: line)
    }
    var innermost: UnsafePointer<ims_frame>?
    switch ims_frame_find(state.context, scope._serial, &innermost) {
    case IMS_FRAME_TOP: break
    case IMS_FRAME_BURIED: _Diagnostics.endedOutOfOrder(innermost: innermost?.pointee, file: file, line: line)
    default: _Diagnostics.endedTwice(file: file, line: line)
    }
    withUnsafeMutablePointer(to: &state.context) { _Runtime.unwindAndPop($0) }

    // Pop this frame's bindings: everything above and including its frame node.
    var current = node
    while true {
      let isFrame = current.kind != .value && current.serial == scope._serial
      swift_task_localValuePop()
      if isFrame { break }
      guard let parent = current.parent else { _Diagnostics.taskLocalStackCorrupted(file: file, line: line) }
      current = parent
    }
    if top.get() !== current.parent {
      _Diagnostics.taskLocalStackCorrupted(file: file, line: line)
    }
  }
}

/// The owner of a chain segment: one task, and that task's C context mirroring it.
final class _TaskState: @unchecked Sendable {
  /// The task that pushed the nodes of this state. Immutable: other tasks may read it.
  let owner: UnsafeMutableRawPointer
  /// Only the owner reads or writes the context.
  var context: UnsafeMutablePointer<ims_context>?

  init(owner: UnsafeMutableRawPointer) { self.owner = owner }
}

/// One immutable entry of a task's chain: a declaration, a frame, or a bag barrier.
final class _ChainNode: @unchecked Sendable {
  enum Kind { case value, frame, barrier }

  let kind: Kind
  let state: _TaskState
  /// Only mutated in `deinit` while uniquely referenced.
  var parent: _ChainNode?
  /// For `.value`: the binding, whose payload this node owns.
  let binding: _Binding?
  /// For `.frame` and `.barrier`: the frame serial.
  let serial: UInt64

  init(value: _Binding, state: _TaskState, parent: _ChainNode?) {
    kind = .value
    self.state = state
    self.parent = parent
    binding = value
    serial = 0
  }

  init(frame serial: UInt64, barrier: Bool, state: _TaskState, parent: _ChainNode?) {
    kind = barrier ? .barrier : .frame
    self.state = state
    self.parent = parent
    binding = nil
    self.serial = serial
  }

  deinit {
    if let binding { _Payload.release(binding.payload, flags: binding.flags) }
    // Unlink iteratively: a long chain released at once must not recurse per node.
    var next = parent
    parent = nil
    while next != nil && isKnownUniquelyReferenced(&next!) {
      let following = next!.parent
      next!.parent = nil
      next = following
    }
  }
}
