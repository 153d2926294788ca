/// One binding on the task path. It owns its payload through `object` (a class instance or
/// a `_Box`), so copying a frame — which the runtime does for `Task {}` children — retains
/// what the copy needs and destroying it releases it. Same layout as the C core's
/// `ims_task_slot` (checked once per process).
@usableFromInline
struct _TaskBinding {
  var key: UnsafeRawPointer?
  /// The owning reference, when the payload is one.
  var object: AnyObject?
  /// The payload word: the object pointer, or the bits of a trivial value.
  var bits: UInt
  var file: UnsafePointer<CChar>?
  var line: UInt32
  var flags: Flags

  static var empty: _TaskBinding {
    _TaskBinding(key: nil, object: nil, bits: 0, file: nil, line: 0, flags: Flags(payload: 0))
  }

  var payloadFlags: UInt32 { flags.payload }

  /// The same binding recorded in a map built for a frame at `depth`.
  func at(depth: UInt32) -> _TaskBinding {
    var copy = self
    copy.flags = flags.declared(atDepth: depth)
    return copy
  }

  /// The type-erased form (dumps, bags); `frameDepth` is the depth of the frame the binding
  /// was found through, which declared it when the flags name no depth.
  func erased(frameDepth: UInt32) -> _Binding {
    _Binding(
      key: key!, payload: bits, flags: payloadFlags, file: file, line: line,
      frame: Int(flags.declaringDepth ?? frameDepth))
  }
}

// In an extension: the struct keeps its memberwise initializer.
extension _TaskBinding {
  /// Takes ownership of the +1 `payload`, whose payload flags are `flags`.
  init(
    key: UnsafeRawPointer, owning payload: UInt, flags: UInt32, file: UnsafePointer<CChar>?,
    line: UInt32
  ) {
    let object: AnyObject? =
      flags & _Payload.objectFlag != 0
      ? Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: _Lazy.address(payload))!)
        .takeRetainedValue()
      : nil
    self.init(key: key, object: object, bits: payload, file: file, line: line, flags: Flags(payload: flags))
  }
}

extension _TaskBinding {
  /// A binding's flag word: its payload's flags (`_Payload`), and, in a map, the depth of
  /// the frame that declared it.
  ///
  ///      31                                          8 7                      0
  ///     ┌─────────────────────────────────────────────┬────────────────────────┐
  ///     │ declaring frame's depth + 1 (0: not named)  │ payload flags          │
  ///     └─────────────────────────────────────────────┴────────────────────────┘
  ///
  /// A frame's own slots name no depth (the frame declared them). A map built for a frame
  /// (`_FrameRef.sealed`, its overflow) names the depth of each binding's frame. A bag's map
  /// names none: its bindings belong to the frame the bag is restored in.
  @usableFromInline
  struct Flags: Equatable {
    var rawValue: UInt32

    private static let payloadMask: UInt32 = 0xFF
    private static let depthShift: UInt32 = 8
    /// The deepest frame a map can name (the field holds depth + 1 in 24 bits).
    static let maximumDepth: UInt32 = (1 << (32 - depthShift)) - 2

    /// Flags naming no depth; bits of `payload` above the payload flags are dropped.
    init(payload: UInt32) { rawValue = payload & Self.payloadMask }

    /// The payload's flags.
    var payload: UInt32 { rawValue & Self.payloadMask }

    /// The depth of the frame that declared the binding, when the flags name one.
    var declaringDepth: UInt32? {
      let field = rawValue >> Self.depthShift
      return field == 0 ? nil : field - 1
    }

    /// The same payload flags, naming `depth` as the declaring frame's.
    func declared(atDepth depth: UInt32) -> Flags {
      precondition(depth <= Self.maximumDepth, "Implicits: task scopes nested deeper than \(Self.maximumDepth)")
      var flags = Flags(payload: payload)
      flags.rawValue |= (depth + 1) << Self.depthShift
      return flags
    }
  }
}
